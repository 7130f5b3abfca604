import { ensureDemoCatalog } from '../src/demo.ts';

/**
 * Vitest global setup: the demo catalog is generated once for the whole run (and reused by later runs and by
 * CI's second pass while the generator's sources are unchanged), never once per test file.
 */
export async function setup(): Promise<void> {
  await ensureDemoCatalog({ log: (line) => console.log(line) });
}
