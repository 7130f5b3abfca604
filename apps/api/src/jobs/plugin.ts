import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createImagery, imageryOptionsFromConfig } from '../lib/imagery/imagery.ts';
import { createJobRuntime, type JobRuntime } from './runtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (pg-boss): run here when WORKERS > 0, else only queued from here. */
    jobs: JobRuntime;
  }
}

/**
 * Decorates `app.jobs`. When this process runs jobs (WORKERS > 0 — always the case of the embedded default), the
 * queue starts once the app is ready (after listen, or the first inject) and stops gracefully on close, before
 * the database is closed by its owner. Built from what `platform` decorates (database, config, mailer).
 */
const plugin: FastifyPluginAsync = async (app) => {
  const { database, config } = app;
  // Its own engine (and COG tile cache): the jobs' reads never evict the tiles of interactive requests.
  const imagery = createImagery({
    ...imageryOptionsFromConfig(config),
    warn: (message) => app.log.warn({ module: 'jobs' }, message),
  });
  const runtime = createJobRuntime({ database, config, imagery, mailer: app.mailer, sms: app.sms, log: app.log });
  app.decorate('jobs', runtime);
  if (runtime.working) {
    // Not awaited: installing pg-boss's schema on a first start may take longer than a ready hook is given (the
    // API answers meanwhile); a failure is logged, and the back office's next call tries again.
    app.addHook('onReady', async () => {
      runtime
        .boss()
        .catch((error: unknown) => app.log.error({ err: error, module: 'jobs' }, 'job queue did not start'));
    });
  }
  app.addHook('onClose', async () => {
    await runtime.stop();
  });
};

export const jobsPlugin = fp(plugin, { name: 'filaha-jobs', dependencies: ['platform'] });
