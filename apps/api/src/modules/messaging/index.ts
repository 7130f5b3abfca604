import type { Db } from '@filaha/db';
import { SOCIAL_LIMITS } from '@filaha/shared';
import type { FastifyPluginAsync } from 'fastify';
import { createBlocksRepository } from './blocks.repository.ts';
import { EventHub, StreamTickets } from './event-stream.ts';
import { createMessagingRepository } from './messaging.repository.ts';
import { messagingRoutes } from './messaging.routes.ts';
import { createMessagingService } from './messaging.service.ts';

export interface MessagingModuleOptions {
  db: Db;
  /** Heartbeat period of the event stream (default SOCIAL_LIMITS.heartbeatMs). */
  heartbeatMs?: number;
}

/**
 * Messaging: repository → service → routes, plus the in-memory event hub of this process. Open streams are
 * ended before the server closes, otherwise `close()` would wait for them forever.
 */
export const messagingModule: FastifyPluginAsync<MessagingModuleOptions> = async (app, { db, heartbeatMs }) => {
  const repo = createMessagingRepository(db);
  const hub = new EventHub(SOCIAL_LIMITS.streamsPerUser);
  const tickets = new StreamTickets(SOCIAL_LIMITS.streamTicketTtlSeconds * 1000);
  app.addHook('preClose', async () => hub.closeAll());
  await app.register(messagingRoutes, {
    service: createMessagingService({ repo, blocks: createBlocksRepository(db), hub }),
    hub,
    tickets,
    userExists: repo.userExists,
    heartbeatMs: heartbeatMs ?? SOCIAL_LIMITS.heartbeatMs,
  });
};
