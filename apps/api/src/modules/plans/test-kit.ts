import { randomBytes } from 'node:crypto';
import type { RoleName } from '@filaha/shared';
import { json, type TestApp } from '../../../test/helper.ts';

/**
 * Helpers for the farmer-domain route tests (plans, subscriptions, indices, parcels, services): one signed-in
 * caller per role and short call helpers. Every test creates its own rows, never relying on others' data.
 */
export type Headers = Record<string, string>;

export interface Caller {
  id: number;
  headers: Headers;
}

export function kit(t: { readonly current: TestApp }) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
    t.current.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    get: (url: string, headers?: Headers) => call('GET', url, headers),
    post: (url: string, headers: Headers | undefined, payload: unknown) => call('POST', url, headers, payload),
    put: (url: string, headers: Headers | undefined, payload: unknown) => call('PUT', url, headers, payload),
    del: (url: string, headers?: Headers) => call('DELETE', url, headers),
    async as(role: RoleName = 'User'): Promise<Caller> {
      const { user, headers } = await t.current.createUser({ role });
      return { id: user.id, headers };
    },
    /** Admin, Manager, a farmer, a seller, signed in. */
    async cast() {
      const [admin, manager, farmer, seller] = await Promise.all(
        (['Admin', 'Manager', 'User', 'Seller'] as const).map(async (role) => {
          const { user, headers } = await t.current.createUser({ role });
          return { id: user.id, headers };
        }),
      );
      return { admin: admin as Caller, manager: manager as Caller, farmer: farmer as Caller, seller: seller as Caller };
    },
  };
}

/** A short upper-case tag for names that must be unique (index codes allow at most 16 characters). */
export const tag = () => randomBytes(3).toString('hex').toUpperCase();

export const codeOf = (res: { body: string }) => json<{ code: string }>(res).code;
export const issuesOf = (res: { body: string }) =>
  json<{ issues?: Array<{ path: string; code: string; message: string }> }>(res).issues ?? [];
