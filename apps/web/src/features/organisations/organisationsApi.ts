import type { RouteData, RouteInput } from '@filaha/shared/contracts';
import { unwrap } from '../../lib/apiAnswer.ts';
import { call, upload } from '../../lib/client.ts';
import { multipartBody } from '../../lib/multipart.ts';

/** GET /api/grants: who has access to the farmer's parcels now. */
export type GrantList = RouteData<'GET /grants'>;
export type GrantItem = GrantList[number];
/** GET /api/access-log: every read of the farmer's parcels by an organisation member. */
export type AccessLog = RouteData<'GET /access-log'>;

export const consentKeys = {
  grants: ['consent', 'grants'] as const,
  log: ['consent', 'log'] as const,
};

export const consentQueries = {
  grants: { queryKey: consentKeys.grants, queryFn: () => call('GET /grants') },
  log: { queryKey: consentKeys.log, queryFn: () => call('GET /access-log') },
};

export function grant(body: RouteInput<'POST /grants'>['body']) {
  return call('POST /grants', { body });
}

export function revoke(id: number) {
  return call('DELETE /grants/:id', { params: { id } });
}

/** GET /api/organisations: the caller's organisations (all of them for a platform admin). */
export type OrganisationList = RouteData<'GET /organisations'>;
export type OrganisationItem = OrganisationList[number];
export type OrganisationDetail = RouteData<'GET /organisations/:id'>;
export { ORGANISATION_ROLES, ORGANISATION_TYPES, type OrganisationRole, type OrganisationType } from '@filaha/shared';

export const organisationKeys = {
  all: ['organisations'] as const,
  list: ['organisations', 'list'] as const,
  one: (id: number) => ['organisations', 'one', id] as const,
  parcels: (id: number) => ['organisations', 'parcels', id] as const,
  imports: (id: number) => ['organisations', 'imports', id] as const,
  import: (importId: number) => ['organisations', 'import', importId] as const,
  apiKeys: (id: number) => ['organisations', 'api-keys', id] as const,
};

/** GET /api/organisations/:id/api-keys: the organisation's keys (never the keys themselves). */
export type ApiKeyItem = RouteData<'GET /organisations/:id/api-keys'>[number];
export { API_KEY_SCOPES, type ApiKeyScope } from '@filaha/shared';

export const apiKeyQueries = {
  list: (id: number) => ({
    queryKey: organisationKeys.apiKeys(id),
    queryFn: () => call('GET /organisations/:id/api-keys', { params: { id } }),
  }),
};

export function createApiKey(id: number, body: RouteInput<'POST /organisations/:id/api-keys'>['body']) {
  return call('POST /organisations/:id/api-keys', { params: { id }, body });
}

export function revokeApiKey(id: number, keyId: number) {
  return call('DELETE /organisations/:id/api-keys/:keyId', { params: { id, keyId } });
}

/** GET /api/imports/:id: an import's progress and report; the list gives each one's counts. */
export type ParcelImport = RouteData<'GET /imports/:id'>;
export type ParcelImportSummary = RouteData<'GET /organisations/:id/imports'>[number];

export const importQueries = {
  list: (id: number) => ({
    queryKey: organisationKeys.imports(id),
    queryFn: () => call('GET /organisations/:id/imports', { params: { id } }),
  }),
  one: (importId: number) => ({
    queryKey: organisationKeys.import(importId),
    queryFn: () => call('GET /imports/:id', { params: { id: importId } }),
  }),
};

/** POST /api/organisations/:id/parcels/import: the file as `multipart/form-data`; answered 202, checked by a job. */
export async function startImport(id: number, file: File): Promise<ParcelImport> {
  const body = multipartBody([{ name: 'file', file, filename: file.name }]);
  return unwrap(await upload('POST /organisations/:id/parcels/import', { params: { id } }, body));
}

export const organisationQueries = {
  list: { queryKey: organisationKeys.list, queryFn: () => call('GET /organisations') },
  one: (id: number) => ({
    queryKey: organisationKeys.one(id),
    queryFn: () => call('GET /organisations/:id', { params: { id } }),
  }),
  parcels: (id: number) => ({
    queryKey: organisationKeys.parcels(id),
    queryFn: () => call('GET /organisations/:id/parcels', { params: { id } }),
  }),
};

export function createOrganisation(body: RouteInput<'POST /organisations'>['body']) {
  return call('POST /organisations', { body });
}

export function addMember(id: number, body: RouteInput<'POST /organisations/:id/members'>['body']) {
  return call('POST /organisations/:id/members', { params: { id }, body });
}

export function removeMember(id: number, userId: number) {
  return call('DELETE /organisations/:id/members/:userId', { params: { id, userId } });
}
