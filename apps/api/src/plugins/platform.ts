import type { Database } from '@filaha/db';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createBackgroundTasks, type BackgroundTasks } from '../lib/background.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { createSmsChannel, type SmsChannel } from '../lib/sms/index.ts';
import { loadOrCreateSecret } from '../lib/secret.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Opened and migrated by the caller of buildApp (server.ts, or the test helper), which also closes it. */
    database: Database;
    /** JWT_SECRET, else the one kept in DATA_DIR: tokens, stream tickets and file-URL signatures derive from it. */
    secret: string;
    mailer: Mailer;
    /** SMS (lib/sms): SMPP when SMPP_URL is set, else the outbox; bound only by a process that runs jobs. */
    sms: SmsChannel;
    /** Work done after the answer is sent (password-reset mail); tests await `idle()`. */
    background: BackgroundTasks;
  }
}

export interface PlatformOptions {
  config: Config;
  database: Database;
}

/**
 * What every module builds its repositories and services from, decorated on the root instance: the config, the
 * database, the server secret, the mailer and the background tasks. Modules declare `dependencies: ['platform']`.
 * On close, background work finishes before the mailer closes.
 */
export const platformPlugin = fp<PlatformOptions>(
  async (app, { config, database }) => {
    const secret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir)).secret;
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
    const sms = createSmsChannel(config, app.log);
    const background = createBackgroundTasks(app.log);
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('secret', secret);
    app.decorate('mailer', mailer);
    app.decorate('sms', sms);
    app.decorate('background', background);
    app.addHook('onClose', async () => {
      await background.idle();
      await mailer.close();
      await sms.close();
    });
  },
  { name: 'platform' },
);
