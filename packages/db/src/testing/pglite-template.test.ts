import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeOtherTemplates, TEMPLATE_IDLE_MS } from './pglite-template.ts';

const dir = mkdtempSync(join(tmpdir(), 'filaha-template-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('removeOtherTemplates', () => {
  it("removes other code's templates nobody took for a while, never one another run took recently", async () => {
    const now = Date.now();
    const file = (name: string, ageMs: number) => {
      const path = join(dir, name);
      writeFileSync(path, 'x');
      const at = new Date(now - ageMs);
      utimesSync(path, at, at);
      return path;
    };
    const current = file('filaha-db-template-aaaa.pgdata', 0);
    file('filaha-db-template-bbbb.pgdata', TEMPLATE_IDLE_MS + 60_000);
    file('filaha-db-template-cccc.pgdata', 60_000);
    file('something-else.pgdata', TEMPLATE_IDLE_MS * 2);
    await removeOtherTemplates(current, dir, now);
    expect(readdirSync(dir).sort()).toEqual([
      'filaha-db-template-aaaa.pgdata',
      'filaha-db-template-cccc.pgdata',
      'something-else.pgdata',
    ]);
  });
});
