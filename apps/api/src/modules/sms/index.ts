import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { QUEUES } from '../../jobs/queue.ts';
import { createSmsRepository } from './sms.repository.ts';
import { smsRoutes } from './sms.routes.ts';
import { createSmsService } from './sms.service.ts';

/**
 * SMS (issue 31 §4): the farmer's opt-in and the staff's list, repository → service → routes. A message is stored,
 * then sent by the sms-send job (this process's workers or `npm run worker`); sms.jobs.ts.
 */
const sms: FastifyPluginAsync = async (app) => {
  const service = createSmsService({
    repo: createSmsRepository(app.database.db),
    secret: app.secret,
    enqueue: async (messageId) => {
      const boss = await app.jobs.boss();
      await boss.send(QUEUES.smsSend, { messageId }, { singletonKey: `sms-${messageId}` });
    },
  });
  await app.register(smsRoutes, { service });
};

export const smsModule = fp(sms, { name: 'sms', dependencies: ['platform', 'auth', 'filaha-jobs'], encapsulate: true });
