import { describe, expect, it } from 'vitest';
import { json, useTestApp } from './helper.ts';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers the database kind and the migration state', async () => {
    const res = await t.current.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = json<{
      status: string;
      database: string;
      migrations: { applied: number; pending: number; latest: string | null };
      problems: unknown[];
    }>(res);
    expect(body.status).toBe('ok');
    expect(body.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.migrations.applied).toBeGreaterThan(0);
    expect(body.migrations.pending).toBe(0);
    expect(body.migrations.latest).toMatch(/^\d{4}_/);
    // Nothing wrong with the data folder or the file store (test/disk-full.test.ts fills one).
    expect(body.problems).toEqual([]);
  });
});
