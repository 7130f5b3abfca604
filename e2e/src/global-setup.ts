import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureDemoCatalog } from '@filaha/imagery';
import type { TestProject } from 'vitest/node';
import { repoRoot, startPlatform, type Platform } from './platform.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let platform: Platform | undefined;

/** The migrated template's file, from a process that resolves the workspace packages to their sources. */
async function pgliteTemplateFile(): Promise<string> {
  const script = 'e2e/src/print-template-file.ts';
  const args = ['--conditions=@filaha/source', '--import', 'tsx', script];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: repoRoot });
  return stdout.trim();
}

/**
 * One platform for the whole browser suite: starting the embedded database once keeps the suite fast. Every
 * test talks to it from 127.0.0.1, so the per-address limit of 300 API calls a minute (meant for one visitor)
 * would be shared by the whole suite and answer 429 depending on test order; the limits themselves are
 * tested by the API suite.
 */
export async function setup(project: TestProject): Promise<void> {
  // The server would make the (generated, uncommitted) demo catalog itself; made here first, it is not counted
  // against the server's start-up wait.
  await ensureDemoCatalog({ log: (line) => console.log(line) });
  // A new DATA_DIR starts from the migrated template the API tests use (PGLITE_INITIAL_DATA), not from creating
  // PostGIS and migrating (about 17 s of CPU, twice per CI run); the demo seed still runs as on any first start.
  platform = await startPlatform({
    RATE_LIMIT_MAX: '1000000',
    // A test that posts to a route with a limit of its own (service requests: 5 an hour per address) says from
    // which address, as a proxy would (e2e/src/browser.ts, ownAddress); every other request counts as 127.0.0.1.
    TRUST_PROXY: '127.0.0.1',
    PGLITE_INITIAL_DATA: await pgliteTemplateFile(),
  });
  project.provide('baseUrl', platform.url);
  project.provide('dataDir', platform.dataDir);
}

export async function teardown(): Promise<void> {
  await platform?.stop();
}
