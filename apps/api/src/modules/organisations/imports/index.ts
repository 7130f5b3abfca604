import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { QUEUES } from '../../../jobs/queue.ts';
import { createOrganisationsRepository } from '../organisations.repository.ts';
import { createImportsRepository } from './imports.repository.ts';
import { IMPORT_MULTIPART_LIMITS, importsRoutes } from './imports.routes.ts';
import { createImportsService } from './imports.service.ts';

/**
 * An organisation's parcel imports (issue 30 §2): repository → service → routes; the upload is stored with its
 * import and a `parcel-import` job is queued (run by this process's workers or by `npm run worker`). Encapsulated:
 * @fastify/multipart and its limits apply to these routes only.
 */
const imports: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(multipart, { limits: IMPORT_MULTIPART_LIMITS, throwFileSizeLimit: true });
  const service = createImportsService({
    imports: createImportsRepository(db),
    enqueue: async (importId) => {
      const boss = await app.jobs.boss();
      await boss.send(QUEUES.parcelImport, { importId }, { singletonKey: `import-${importId}` });
    },
  });
  await app.register(importsRoutes, { service, organisations: createOrganisationsRepository(db) });
};

export const importsModule = fp(imports, {
  name: 'imports',
  dependencies: ['platform', 'auth'],
  encapsulate: true,
});
