import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ASSETS = fileURLToPath(new URL('../../apps/web/dist/assets', import.meta.url));

/** The built web app's JavaScript (npm test builds it before the suites run). */
function chunks(): Array<{ name: string; text: string }> {
  return readdirSync(ASSETS)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, text: readFileSync(join(ASSETS, name), 'utf8') }));
}

describe('the production web bundle', () => {
  it('carries no route contract: the client checks answers against them in development and tests only', () => {
    const all = chunks();
    expect(all.length).toBeGreaterThan(10);
    // lib/client.ts's check, with the dynamic import of @filaha/shared/contracts it makes, is compiled out.
    const withCheck = all.filter((c) => c.text.includes('a status its contract does not list')).map((c) => c.name);
    expect(withCheck).toEqual([]);
    // A contract's own words (the parcels contract's OpenAPI tag and path together) appear nowhere either.
    const withContract = all.filter((c) => /tags:\["parcels"\]/.test(c.text)).map((c) => c.name);
    expect(withContract).toEqual([]);
  });
});
