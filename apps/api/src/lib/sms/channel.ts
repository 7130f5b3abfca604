import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxDir } from '../mailer.ts';
import { splitSms, type SmsEncoding } from './encoding.ts';

/**
 * The SMS channel (issue 31 §4): one text to one phone. Over SMPP 3.4 when SMPP_URL is set (smpp.ts), else written
 * to `<DATA_DIR>/outbox/sms/` like the e-mails (the demo and `npm start`). docs/ARCHITECTURE.md "SMS".
 */

export interface SmsSent {
  /** The SMSC's message id of each segment, in order (the outbox makes its own). */
  ids: string[];
  encoding: SmsEncoding;
  segments: number;
}

/** A delivery receipt (deliver_sm with esm_class "MC delivery receipt"): the submitted segment's id and its state. */
export interface SmsReceipt {
  messageId: string;
  /** The receipt's `stat:` word (DELIVRD, UNDELIV, EXPIRED, REJECTD, DELETED, ACCEPTD, UNKNOWN, ENROUTE). */
  status: string;
  /** The receipt's `err:` code, when given. */
  error: string | null;
  at: Date;
}

/** A text a phone sent to our sender id. */
export interface SmsIncoming {
  /** The sender in E.164 (+213…) when it is a number; as received otherwise. */
  from: string;
  text: string;
}

export interface SmsInboundHandler {
  receipt(receipt: SmsReceipt): Promise<void>;
  incoming(message: SmsIncoming): Promise<void>;
}

/**
 * A send that failed. `maybeSent`: the SMSC may have taken (some of) it — a segment was accepted, or a submit was
 * left unanswered — so sending it again could deliver it twice; otherwise nothing left, and it may be sent again.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly maybeSent: boolean,
    readonly accepted: string[] = [],
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export interface SmsChannel {
  readonly kind: 'smpp' | 'outbox';
  /** Sends one text to one phone (E.164); resolves once every segment is accepted (SMPP) or written (outbox). */
  send(to: string, text: string): Promise<SmsSent>;
  /** Where delivery receipts and incoming texts go (the process that runs jobs registers it). */
  listen(handler: SmsInboundHandler): void;
  /** Binds now and keeps the session (reconnecting when it drops), so receipts and "STOP" arrive between sends. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** What the outbox keeps per SMS (`outbox/sms/<id>.json`). */
export interface SmsOutboxEntry {
  id: string;
  from: string;
  to: string;
  date: string;
  text: string;
  encoding: SmsEncoding;
  segments: number;
  parts: string[];
}

export function smsOutboxDir(dataDir: string): string {
  return join(outboxDir(dataDir), 'sms');
}

export interface OutboxLog {
  info(obj: object, msg: string): void;
}

export function createOutboxSmsChannel(options: { dataDir: string; senderId: string; log: OutboxLog }): SmsChannel {
  const dir = smsOutboxDir(options.dataDir);
  return {
    kind: 'outbox',
    async send(to, text) {
      const date = new Date();
      const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const { encoding, parts } = splitSms(text);
      const entry: SmsOutboxEntry = {
        id,
        from: options.senderId,
        to,
        date: date.toISOString(),
        text,
        encoding,
        segments: parts.length,
        parts,
      };
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
      options.log.info({ sms: { to, segments: parts.length, file: join(dir, `${id}.json`) } }, 'sms written to outbox');
      return { ids: parts.map((_, i) => `${id}-${i + 1}`), encoding, segments: parts.length };
    },
    listen() {
      // Nothing comes back from a folder.
    },
    async start() {},
    async close() {},
  };
}
