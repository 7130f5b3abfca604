/**
 * What a third party writes against the published document: `schema.ts` is generated from `/api/docs/json` by
 * openapi-typescript inside `test/openapi.test.ts` (never committed), which type-checks this file against it. Not
 * part of the api type check (apps/api/tsconfig.json excludes this folder): without the generated file it cannot
 * compile.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

const client = createClient<paths>({ baseUrl: 'https://filaha.example.dz' });

/** Signs in; a refusal carries a stable code from the catalogue. */
export async function signIn(email: string, password: string): Promise<string> {
  const { data, error } = await client.POST('/api/auth/login', { body: { email, password } });
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data.token;
}

/** One parcel, with the bearer token a sign-in gave. */
const readParcel = (token: string, id: number) =>
  client.GET('/api/parcelle/{id}', { params: { path: { id } }, headers: { authorization: `Bearer ${token}` } });

/** The codes a parcel read may answer, from the document's 4xx answers (`never`, were they missing). */
type ParcelErrorCode = NonNullable<Awaited<ReturnType<typeof readParcel>>['error']>['code'];

export async function parcelArea(token: string, id: number): Promise<number> {
  const { data, error } = await readParcel(token, id);
  if (error) {
    const code: ParcelErrorCode = error.code;
    throw new Error(code);
  }
  return data.areaHa;
}

export const notFound: ParcelErrorCode = 'NOT_FOUND';

/** A stock movement: the body and the 409 STOCK_NEGATIVE refusal are typed from the document. */
export async function recordSale(token: string, itemId: number, quantity: number): Promise<boolean> {
  const { response, error } = await client.POST('/api/stock/movements', {
    headers: { authorization: `Bearer ${token}` },
    body: { itemId, direction: 'out', kind: 'sale', quantity, date: '2025-03-01' },
  });
  if (error) return error.code !== 'STOCK_NEGATIVE' && response.status < 500;
  return true;
}

export function wrongCalls(): void {
  // @ts-expect-error the sign-in needs a password
  void client.POST('/api/auth/login', { body: { email: 'farmer@example.dz' } });
  // @ts-expect-error a parcel id is a number
  void client.GET('/api/parcelle/{id}', { params: { path: { id: 'seven' } } });
  // @ts-expect-error no such route
  void client.GET('/api/no-such-route');
}
