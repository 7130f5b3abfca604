import { ensureDemoCatalog } from '@filaha/imagery';
import type { TestProject } from 'vitest/node';
import { startPlatform, type Platform } from './platform.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let platform: Platform | undefined;

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
  platform = await startPlatform({ RATE_LIMIT_MAX: '1000000' });
  project.provide('baseUrl', platform.url);
  project.provide('dataDir', platform.dataDir);
}

export async function teardown(): Promise<void> {
  await platform?.stop();
}
