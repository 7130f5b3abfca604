import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import { createFileUrlSigner } from './file-urls.ts';
import { createLocalStorage, type StorageLog } from './local.ts';
import { createS3Storage } from './s3.ts';
import { contentDisposition, type ObjectStorage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The object store (local folder or S3); every module that keeps files uses this one. */
    storage: ObjectStorage;
  }
}

export interface StoragePluginOptions {
  config: Pick<Config, 'dataDir' | 's3'>;
  /** The server secret; file-URL signatures use a key derived from it. */
  secret: string;
  /** Replaces the store chosen from config (tests). */
  storage?: ObjectStorage;
}

/** The store the configuration asks for: S3 when `S3_*` is set, else `<DATA_DIR>/files/`. */
export function createStorage(config: StoragePluginOptions['config'], secret: string, log?: StorageLog): ObjectStorage {
  const signer = createFileUrlSigner(secret);
  if (config.s3) return createS3Storage(config.s3, signer);
  return createLocalStorage(join(config.dataDir, 'files'), signer, { log });
}

const FileQuery = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
});

/**
 * Decorates the app with `storage` and serves `GET /files/*` for the local store's signed URLs. Wrapped in
 * fastify-plugin so the decorator is visible to the modules registered after it in the same scope (/api).
 * With S3 the route still serves `sameOriginUrl`s, reading the object from the bucket.
 * The route needs no Authorization header — the signature is the permission — so it works in an `<img>`.
 */
export const storagePlugin = fp<StoragePluginOptions>(
  async (app: FastifyInstance, options) => {
    const signer = createFileUrlSigner(options.secret);
    const storage = options.storage ?? createStorage(options.config, options.secret, app.log);
    app.decorate('storage', storage);

    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/files/*', { schema: { tags: ['files'], querystring: FileQuery, hide: true } }, async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const remaining = signer.verify(key, request.query);
        if (remaining === null) throw new ForbiddenError();
        const object = await storage.get(key);
        if (!object) throw new NotFoundError();
        void reply
          .header('content-type', object.contentType)
          .header('content-length', String(object.body.length))
          // private: a shared cache must not hand one farmer's map to another; no longer than the URL lives.
          .header('cache-control', `private, max-age=${remaining}`);
        if (request.query.name) void reply.header('content-disposition', contentDisposition(request.query.name));
        return reply.send(object.body);
      });
  },
  { name: 'storage' },
);
