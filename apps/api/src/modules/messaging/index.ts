import { SOCIAL_LIMITS } from '@filaha/shared';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createBlocksRepository } from './blocks.repository.ts';
import { EventHub } from './event-stream.ts';
import { createLiveEvents } from './live-events.ts';
import { createMessagingRepository } from './messaging.repository.ts';
import { messagingRoutes } from './messaging.routes.ts';
import { createMessagingService, toMessage } from './messaging.service.ts';
import { StreamTickets } from './stream-tickets.ts';

/**
 * Messaging: repository → service → routes, plus the streams this process holds and the live events that
 * reach them from any process (LISTEN/NOTIFY on PostgreSQL). Open streams are ended before the server closes,
 * otherwise `close()` would wait for them forever. Stream tickets are signed with the server secret (any process
 * of the deployment can verify them).
 */
const messaging: FastifyPluginAsync = async (app) => {
  const { database, secret } = app;
  const repo = createMessagingRepository(database.db);
  const hub = new EventHub(SOCIAL_LIMITS.streamsPerUser);
  const live = createLiveEvents({
    hub,
    database,
    loadMessage: async (id) => {
      const found = await repo.findMessage(id);
      return found ? toMessage(found) : undefined;
    },
    log: app.log,
  });
  const tickets = new StreamTickets({ db: database.db, secret, ttlSeconds: SOCIAL_LIMITS.streamTicketTtlSeconds });
  app.addHook('onReady', () => live.start());
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', () => live.close());
  await app.register(messagingRoutes, {
    service: createMessagingService({ repo, blocks: createBlocksRepository(database.db), live }),
    hub,
    tickets,
    userExists: repo.userExists,
    heartbeatMs: SOCIAL_LIMITS.heartbeatMs,
  });
};

export const messagingModule = fp(messaging, {
  name: 'messaging',
  dependencies: ['platform', 'auth'],
  encapsulate: true,
});
