import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the outbox keeps per message (`<id>.json`, next to the same message as `<id>.eml`). */
export interface OutboxEntry extends MailMessage {
  id: string;
  from: string;
  date: string;
}

export interface Mailer {
  /** Sends now and resolves when the message is handed over (SMTP) or written (outbox). */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background so a response does not wait on the mail server — forgot-password must answer
   * in the same time whether or not the account exists. Failures are logged, never thrown.
   */
  deliver(message: MailMessage): void;
  /** Waits for background deliveries (tests, graceful shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

export function createMailer({ smtpUrl, from, dataDir, log }: MailerOptions): Mailer {
  const pending = new Set<Promise<void>>();
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  // The outbox keeps a real MIME copy (.eml opens in any mail client) and a JSON copy that tests read.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(dataDir);

  async function writeToOutbox(message: MailMessage): Promise<void> {
    const date = new Date();
    const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    const info = await composer.sendMail({ from, ...message });
    await mkdir(dir, { recursive: true });
    const entry: OutboxEntry = { id, from, date: date.toISOString(), ...message };
    await writeFile(join(dir, `${id}.eml`), info.message as Buffer);
    await writeFile(join(dir, `${id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
    // The outbox file is the developer's inbox (the start-up message says where it is); the text (e.g. a reset code)
    // only at debug level, so a start's output is not filled with whole e-mail bodies.
    const mail = { to: message.to, subject: message.subject, file: join(dir, `${id}.eml`) };
    log.info({ mail }, 'mail written to outbox');
    log.debug({ mail }, `mail text\n${message.text}`);
  }

  async function send(message: MailMessage): Promise<void> {
    if (smtp) {
      await smtp.sendMail({ from, ...message });
      log.info({ mail: { to: message.to, subject: message.subject } }, 'mail sent');
      return;
    }
    await writeToOutbox(message);
  }

  return {
    kind: smtp ? 'smtp' : 'outbox',
    send,
    deliver(message) {
      const job = send(message)
        .catch((err: unknown) =>
          log.error({ err, mail: { to: message.to, subject: message.subject } }, 'mail delivery failed'),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.flush();
      smtp?.close();
      composer.close();
    },
  };
}
