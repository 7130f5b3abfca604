/**
 * Issue 30 §4: a key is rate-limited like a user — per key, on top of the per-address limit: calls of one key from
 * ever-changing addresses still stop at the limit, while another key (and the member's own token) go on.
 */
import { uniqueSuffix } from '@filaha/db/testing';
import type { ApiKeyCreated, Organisation } from '@filaha/shared/contracts';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../../test/helper.ts';
import { codeOf } from '../../plans/test-kit.ts';

const LIMIT = 8;
const t = useTestApp({ RATE_LIMIT_MAX: String(LIMIT) });

describe('the per-key rate limit', () => {
  it('stops one key at the limit whatever its addresses, not the others', async () => {
    let address = 0;
    const nextAddress = () => `10.30.${Math.floor(++address / 250)}.${address % 250}`;
    const as = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.current.inject({ method, url, headers, remoteAddress: nextAddress(), ...(payload ? { payload } : {}) });
    const admin = await t.current.createUser({ role: 'Admin' });
    const orgAdmin = await t.current.createUser({ role: 'User' });
    const org = json<Organisation>(
      await as(admin.headers, 'POST', '/api/organisations', { name: `Coop ${uniqueSuffix()}`, type: 'cooperative' }),
    );
    await as(admin.headers, 'POST', `/api/organisations/${org.id}/members`, {
      email: orgAdmin.user.email,
      role: 'admin',
    });
    const make = async (name: string) =>
      json<ApiKeyCreated>(
        await as(orgAdmin.headers, 'POST', `/api/organisations/${org.id}/api-keys`, { name, scopes: ['parcels:read'] }),
      );
    const [one, two] = [await make('un'), await make('deux')];
    const url = `/api/organisations/${org.id}/conditions`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      statuses.push((await as({ authorization: `ApiKey ${one.key}` }, 'GET', url)).statusCode);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
    const limited = await as({ authorization: `ApiKey ${one.key}` }, 'GET', url);
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    expect((await as({ authorization: `ApiKey ${two.key}` }, 'GET', url)).statusCode).toBe(200);
    expect((await as(orgAdmin.headers, 'GET', url)).statusCode).toBe(200);
  });
});
