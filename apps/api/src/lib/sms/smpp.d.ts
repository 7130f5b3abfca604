/** smpp (farhadi/node-smpp) ships no types: what lib/sms uses of it (lib/smpp.js, lib/pdu.js, lib/defs.js). */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  /** A decoded short_message: the text, and the UDH information elements when the UDHI bit is set. */
  export interface ShortMessage {
    message: string | Buffer;
    udh?: Buffer[];
  }

  /** A PDU: its header and, by name, the parameters and TLVs of its command. */
  export class PDU {
    constructor(command: string, options?: Record<string, unknown>);
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): PDU;
  }

  export type ResponseCallback = (pdu: PDU) => void;

  export class Session extends EventEmitter {
    send(pdu: PDU, responseCallback?: ResponseCallback, sendCallback?: ResponseCallback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, callback?: ResponseCallback): boolean;
    submit_sm(options: Record<string, unknown>, callback?: ResponseCallback): boolean;
    deliver_sm(options: Record<string, unknown>, callback?: ResponseCallback): boolean;
    enquire_link(options?: Record<string, unknown>, callback?: ResponseCallback): boolean;
    unbind(options?: Record<string, unknown>, callback?: ResponseCallback): boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: { url: string; auto_enquire_link_period?: number }, listener?: () => void): Session;
  export function createServer(listener: (session: Session) => void): Server;
  export function createServer(options: Record<string, unknown>, listener: (session: Session) => void): Server;

  export const ESME_ROK: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RMSGQFUL: number;
  export const ESME_RSYSERR: number;
}
