import type { ApiKeyScope, OrganisationRole } from '@filaha/shared';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../../../core/errors.ts';
import type { OrganisationsRepository } from '../organisations.repository.ts';

/** Who calls an organisation's route: one of its members (signed in), or one of its API keys. */
export type OrgCaller =
  | { kind: 'member'; userId: number; role: OrganisationRole; organisationId: number; organisationName: string }
  | { kind: 'key'; keyId: number; organisationId: number };

/**
 * The caller of an organisation's route that a key may also call (behind `authenticateOrKey`), allowed to do
 * `scope`: a key of another organisation, or a signed-in account that is not a member (a platform admin
 * included), gets 404 as for an organisation that does not exist; a key without the scope, or a viewer asking
 * to write (`parcels:write`), 403.
 */
export async function orgCaller(
  request: FastifyRequest,
  organisations: OrganisationsRepository,
  organisationId: number,
  scope: ApiKeyScope,
): Promise<OrgCaller> {
  if (request.apiKey) {
    if (request.apiKey.organisationId !== organisationId) throw new NotFoundError();
    if (!request.apiKey.scopes.includes(scope)) throw new ForbiddenError();
    return { kind: 'key', keyId: request.apiKey.id, organisationId };
  }
  if (!request.user) throw new UnauthenticatedError();
  const row = await organisations.get(request.user.id, organisationId);
  if (!row || row.my_role === null) throw new NotFoundError();
  if (scope === 'parcels:write' && row.my_role === 'viewer') throw new ForbiddenError();
  return { kind: 'member', userId: request.user.id, role: row.my_role, organisationId, organisationName: row.name };
}

/** The member who read (null for a key) and the key that read (null for a member), for organisation_reads. */
export const readerOf = (caller: OrgCaller) => ({
  memberId: caller.kind === 'member' ? caller.userId : null,
  apiKeyId: caller.kind === 'key' ? caller.keyId : null,
});
