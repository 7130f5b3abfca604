import { sql, type Db } from '@filaha/db';
import type { ApiKeyScope } from '@filaha/shared';
import type { AuthApiKey } from '../../../plugins/auth.ts';

export interface ApiKeyRow extends Record<string, unknown> {
  id: number;
  organisation_id: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  created_at: string | Date;
  last_used_at: string | Date | null;
  revoked_at: string | Date | null;
}

/** last_used_at is written at most this often per key (a busy key does not write on every call). */
const TOUCH_EVERY_SECONDS = 60;

export function createApiKeysRepository(db: Db) {
  return {
    async create(input: {
      organisationId: number;
      name: string;
      prefix: string;
      keyHash: string;
      scopes: ApiKeyScope[];
      createdBy: number;
    }): Promise<ApiKeyRow> {
      const result = await db.execute<ApiKeyRow>(sql`
        INSERT INTO organisation_api_keys (organisation_id, name, prefix, key_hash, scopes, created_by)
        VALUES (${input.organisationId}, ${input.name}, ${input.prefix}, ${input.keyHash},
                ${`{${input.scopes.join(',')}}`}::text[], ${input.createdBy})
        RETURNING id, organisation_id, name, prefix, scopes, created_at, last_used_at, revoked_at`);
      return result.rows[0]!;
    },

    async list(organisationId: number): Promise<ApiKeyRow[]> {
      return (
        await db.execute<ApiKeyRow>(sql`
          SELECT id, organisation_id, name, prefix, scopes, created_at, last_used_at, revoked_at
            FROM organisation_api_keys WHERE organisation_id = ${organisationId}
           ORDER BY revoked_at IS NOT NULL, created_at DESC, id DESC`)
      ).rows;
    },

    async revoke(organisationId: number, keyId: number): Promise<boolean> {
      const result = await db.execute(sql`
        UPDATE organisation_api_keys SET revoked_at = now()
         WHERE id = ${keyId} AND organisation_id = ${organisationId} AND revoked_at IS NULL RETURNING id`);
      return result.rows.length > 0;
    },

    /** The active key of this hash (touching its last use), for the auth plugin. */
    async findActive(keyHash: string): Promise<AuthApiKey | undefined> {
      const result = await db.execute<{ id: number; organisation_id: number; scopes: ApiKeyScope[] }>(sql`
        UPDATE organisation_api_keys
           SET last_used_at = CASE WHEN last_used_at IS NULL OR last_used_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})
                                   THEN now() ELSE last_used_at END
         WHERE key_hash = ${keyHash} AND revoked_at IS NULL
        RETURNING id, organisation_id, scopes`);
      const row = result.rows[0];
      return row && { id: row.id, organisationId: row.organisation_id, scopes: row.scopes };
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
