import type { TestProject } from 'vitest/node';
import { startPlatform, type Platform } from './platform.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let platform: Platform | undefined;

// One platform for the whole browser suite: starting the embedded database once keeps the suite fast.
export async function setup(project: TestProject): Promise<void> {
  platform = await startPlatform();
  project.provide('baseUrl', platform.url);
  project.provide('dataDir', platform.dataDir);
}

export async function teardown(): Promise<void> {
  await platform?.stop();
}
