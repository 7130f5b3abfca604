// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- smpp has no types; every project compiling this file (api, bench) must see them
/// <reference path="./smpp.d.ts" />
import { randomInt } from 'node:crypto';
import * as smpp from 'smpp';
import { SmsSendError, type SmsChannel, type SmsInboundHandler, type SmsReceipt, type SmsSent } from './channel.ts';
import { concatenationUdh, DATA_CODING, splitSms } from './encoding.ts';
import { e164From } from './phone.ts';

/**
 * The SMS channel over SMPP 3.4 with the `smpp` library (farhadi/node-smpp; docs/ARCHITECTURE.md "SMS"): one
 * transceiver session per process, bound on first use (or at start: `start()`), kept with enquire_link and bound
 * again after a drop (backoff from 1 s to 30 s). Delivery receipts and incoming texts come as deliver_sm on the same
 * session; each is answered only once the handler has stored it (a failure answers "temporary error", so the SMSC
 * delivers it again).
 */

export interface SmppLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SmppOptions {
  url: string;
  systemId: string;
  password: string;
  /** The sender id shown to phones: an alphanumeric name (≤ 11 characters) or a number. */
  senderId: string;
  log: SmppLog;
  /** Seconds between enquire_link (keep-alive); the session is dropped when 3 periods pass with no PDU from the SMSC. */
  enquireLinkSeconds?: number;
  /** How long a bind or a submit may wait for its answer. */
  responseTimeoutMs?: number;
}

/** SMPP command_status values this channel reads (SMPP 3.4 §5.1.3). */
const ESME_RTHROTTLED = 0x58;
const ESME_RMSGQFUL = 0x14;
/** "ESME receiver temporary app error": the SMSC keeps the deliver_sm and tries again later. */
const ESME_RX_T_APPN = 0x64;
/** esm_class message type bits: 0x04 is an SMSC delivery receipt (SMPP 3.4 §5.2.12). */
const ESM_TYPE_MASK = 0x3c;
const ESM_DELIVERY_RECEIPT = 0x04;
/** message_state TLV (SMPP 3.4 §5.2.28) → the receipt's `stat:` word. */
const MESSAGE_STATES = [
  'SCHEDULED',
  'ENROUTE',
  'DELIVRD',
  'EXPIRED',
  'DELETED',
  'UNDELIV',
  'ACCEPTD',
  'UNKNOWN',
  'REJECTD',
];

function sourceAddress(senderId: string) {
  const digits = senderId.replace(/^\+/, '');
  if (/^\d+$/.test(digits))
    // A short code is network specific; a full number international.
    return digits.length <= 8
      ? { source_addr_ton: 3, source_addr_npi: 0, source_addr: digits }
      : { source_addr_ton: 1, source_addr_npi: 1, source_addr: digits };
  return { source_addr_ton: 5, source_addr_npi: 0, source_addr: senderId };
}

/** The text of a deliver_sm: short_message, or the message_payload TLV when the SMSC used it. */
function textOf(pdu: smpp.PDU): string {
  for (const field of ['short_message', 'message_payload'] as const) {
    const value = pdu[field] as smpp.ShortMessage | string | Buffer | undefined;
    if (value === undefined || value === null) continue;
    const message = typeof value === 'object' && 'message' in value ? value.message : value;
    const text = Buffer.isBuffer(message) ? message.toString('latin1') : String(message ?? '');
    if (text !== '') return text;
  }
  return '';
}

/** A receipt's fields (SMPP 3.4 Appendix B: "id:… sub:… dlvrd:… submit date:… done date:… stat:… err:… text:…"). */
export function parseReceipt(pdu: smpp.PDU): SmsReceipt | undefined {
  const text = textOf(pdu);
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S+)`, 'i').exec(text)?.[1];
  const messageId = (pdu.receipted_message_id as string | undefined) || field('id');
  if (!messageId) return undefined;
  const state = pdu.message_state as number | undefined;
  const status =
    field('stat')?.toUpperCase() ?? (state === undefined ? 'UNKNOWN' : (MESSAGE_STATES[state] ?? 'UNKNOWN'));
  return { messageId, status, error: field('err') ?? null, at: new Date() };
}

interface Pending {
  reject(error: Error): void;
}

export function createSmppChannel(options: SmppOptions): SmsChannel {
  const { log } = options;
  const periodMs = (options.enquireLinkSeconds ?? 30) * 1000;
  const responseTimeoutMs = options.responseTimeoutMs ?? 15_000;
  const source = sourceAddress(options.senderId);
  let handler: SmsInboundHandler | undefined;
  let session: smpp.Session | null = null;
  let bound: Promise<smpp.Session> | null = null;
  let keep = false;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let keepAliveTimer: NodeJS.Timeout | undefined;
  let lastHeard = 0;
  let reference = randomInt(256);
  /** Submits waiting for their answer, per session: a dropped session fails them. */
  const pending = new Map<smpp.Session, Set<Pending>>();

  function scheduleReconnect(): void {
    if (!keep || closed || reconnectTimer) return;
    const delay = Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      ensure().catch((err: unknown) => log.warn({ err, module: 'sms' }, 'SMPP bind failed, trying again'));
    }, delay);
    reconnectTimer.unref();
  }

  function dropped(s: smpp.Session): void {
    for (const p of pending.get(s) ?? []) p.reject(new SmsSendError('SMPP connection lost before the answer', true));
    pending.delete(s);
    if (session !== s) return;
    session = null;
    bound = null;
    clearInterval(keepAliveTimer);
    keepAliveTimer = undefined;
    if (!closed) log.warn({ module: 'sms' }, 'SMPP session closed');
    scheduleReconnect();
  }

  async function deliver(s: smpp.Session, pdu: smpp.PDU): Promise<void> {
    let status = 0;
    try {
      const esm = Number(pdu.esm_class ?? 0);
      if ((esm & ESM_TYPE_MASK) === ESM_DELIVERY_RECEIPT) {
        const receipt = parseReceipt(pdu);
        if (receipt) await handler?.receipt(receipt);
      } else {
        await handler?.incoming({ from: e164From(String(pdu.source_addr ?? '')), text: textOf(pdu) });
      }
    } catch (err) {
      log.error({ err, module: 'sms' }, 'incoming SMS or receipt not stored; the SMSC will deliver it again');
      status = ESME_RX_T_APPN;
    }
    s.send(pdu.response({ command_status: status }));
  }

  function connect(): Promise<smpp.Session> {
    return new Promise((resolve, reject) => {
      const s = smpp.connect({ url: options.url });
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      };
      const timer = setTimeout(() => {
        fail(new Error('SMPP bind timed out'));
        s.destroy();
      }, responseTimeoutMs);
      s.on('error', (err: Error) => {
        log.warn({ err, module: 'sms' }, 'SMPP connection error');
        fail(err);
      });
      s.on('close', () => {
        fail(new Error('SMPP connection closed before the bind'));
        dropped(s);
      });
      s.on('pdu', () => {
        lastHeard = Date.now();
      });
      s.on('enquire_link', (pdu: smpp.PDU) => s.send(pdu.response()));
      s.on('unbind', (pdu: smpp.PDU) => {
        s.send(pdu.response());
        s.close();
      });
      s.on('deliver_sm', (pdu: smpp.PDU) => {
        void deliver(s, pdu);
      });
      s.on('connect', () => {
        s.bind_transceiver(
          { system_id: options.systemId, password: options.password, interface_version: 0x34 },
          (pdu) => {
            if (pdu.command_status !== 0) {
              fail(new Error(`SMPP bind refused (command_status 0x${pdu.command_status.toString(16)})`));
              s.destroy();
              return;
            }
            settled = true;
            clearTimeout(timer);
            resolve(s);
          },
        );
      });
    });
  }

  function keepAlive(s: smpp.Session): void {
    lastHeard = Date.now();
    keepAliveTimer = setInterval(() => {
      if (Date.now() - lastHeard > 3 * periodMs) {
        log.warn({ module: 'sms' }, 'SMPP session silent, reconnecting');
        s.destroy();
        return;
      }
      s.enquire_link({});
    }, periodMs);
    keepAliveTimer.unref();
  }

  function ensure(): Promise<smpp.Session> {
    if (closed) return Promise.reject(new Error('SMS channel closed'));
    if (!bound) {
      const attempt = connect().then((s) => {
        session = s;
        failures = 0;
        keepAlive(s);
        log.info({ module: 'sms' }, 'SMPP bound (transceiver)');
        return s;
      });
      bound = attempt;
      attempt.catch(() => {
        if (bound === attempt) bound = null;
      });
    }
    return bound;
  }

  function submit(s: smpp.Session, params: Record<string, unknown>, acceptedSoFar: string[]): Promise<smpp.PDU> {
    return new Promise((resolve, reject) => {
      const set = pending.get(s) ?? new Set<Pending>();
      pending.set(s, set);
      const entry: Pending = {
        reject: (error) => {
          clearTimeout(timer);
          set.delete(entry);
          reject(error);
        },
      };
      const timer = setTimeout(
        () => entry.reject(new SmsSendError('no answer to submit_sm', true, acceptedSoFar)),
        responseTimeoutMs,
      );
      set.add(entry);
      const written = s.submit_sm(params, (pdu) => {
        clearTimeout(timer);
        set.delete(entry);
        resolve(pdu);
      });
      if (!written)
        entry.reject(new SmsSendError('SMPP connection not writable', acceptedSoFar.length > 0, acceptedSoFar));
    });
  }

  return {
    kind: 'smpp',
    async send(to, text): Promise<SmsSent> {
      let s: smpp.Session;
      try {
        s = await ensure();
      } catch (err) {
        scheduleReconnect();
        throw new SmsSendError(`SMPP not bound: ${(err as Error).message}`, false);
      }
      const { encoding, parts } = splitSms(text);
      reference = (reference + 1) & 0xff;
      const ids: string[] = [];
      for (const [i, part] of parts.entries()) {
        const resp = await submit(
          s,
          {
            service_type: '',
            ...source,
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            destination_addr: to.replace(/^\+/, ''),
            // A final delivery receipt, success or failure.
            registered_delivery: 1,
            data_coding: DATA_CODING[encoding],
            short_message:
              parts.length === 1 ? part : { udh: concatenationUdh(reference, parts.length, i + 1), message: part },
          },
          [...ids],
        );
        if (resp.command_status !== 0) {
          const status = resp.command_status;
          const busy = status === ESME_RTHROTTLED || status === ESME_RMSGQFUL;
          throw new SmsSendError(
            `submit_sm refused (command_status 0x${status.toString(16)}${busy ? ', SMSC busy' : ''})`,
            ids.length > 0,
            [...ids],
          );
        }
        ids.push(String(resp.message_id ?? ''));
      }
      return { ids, encoding, segments: parts.length };
    },
    listen(h) {
      handler = h;
    },
    async start() {
      keep = true;
      await ensure().catch((err: unknown) => {
        log.warn({ err, module: 'sms' }, 'SMPP bind failed at start, trying again');
        scheduleReconnect();
      });
    },
    async close() {
      closed = true;
      keep = false;
      clearTimeout(reconnectTimer);
      clearInterval(keepAliveTimer);
      const s = session ?? (await bound?.catch(() => null));
      if (!s) return;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => s.destroy(), 2000);
        s.once('close', () => {
          clearTimeout(force);
          resolve();
        });
        if (!s.unbind({}, () => s.close())) s.destroy();
      });
    },
  };
}
