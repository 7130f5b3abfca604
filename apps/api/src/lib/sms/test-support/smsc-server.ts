/**
 * A local SMSC for the SMS tests (issue 31 acceptance 3): the `smpp` library's own server side, run as a separate
 * Node process (`node smsc-server.ts`; smsc.ts starts it). It listens on 127.0.0.1 on a free port, accepts
 * bind_transceiver with SMSC_SYSTEM_ID / SMSC_PASSWORD, answers submit_sm with ids M1, M2…, and sends a delivery
 * receipt (deliver_sm, esm_class 0x04) for every submit asking one, again until the client answers it without error.
 * It writes one JSON line per event to its standard output, and takes commands as JSON lines on its input:
 *   {"cmd":"incoming","from":"213661234567","text":"توقف"}  an SMS from a phone, to every bound session
 *   {"cmd":"receipts","stat":"UNDELIV"}                       the status of the next receipts (null: none sent)
 *   {"cmd":"drop"}                                            closes every session (the client must bind again)
 *   {"cmd":"mark","n":1}                                      echoes a mark: every PDU answered before is recorded
 */
import { createInterface } from 'node:readline';
import * as smpp from 'smpp';

const SYSTEM_ID = process.env.SMSC_SYSTEM_ID ?? 'filaha';
const PASSWORD = process.env.SMSC_PASSWORD ?? 'secret';
const RECEIPT_DELAY_MS = Number(process.env.SMSC_RECEIPT_DELAY_MS ?? 20);
const RETRY_MS = 100;
const MAX_TRIES = 50;

let nextId = 0;
let receiptStat: string | null = 'DELIVRD';
const bound = new Set<smpp.Session>();

function record(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ at: Date.now(), ...event })}\n`);
}

/** Sends a deliver_sm until it is answered with command_status 0 (as an SMSC keeps a message it could not hand over). */
function deliver(
  session: smpp.Session,
  fields: Record<string, unknown>,
  label: Record<string, unknown>,
  tries = 1,
): void {
  if (!bound.has(session)) {
    record({ event: 'deliver_dropped', ...label });
    return;
  }
  session.deliver_sm({ ...fields }, (resp) => {
    if (resp.command_status === 0) record({ event: 'deliver_acked', tries, ...label });
    else {
      record({ event: 'deliver_refused', status: resp.command_status, tries, ...label });
      if (tries < MAX_TRIES) setTimeout(() => deliver(session, fields, label, tries + 1), RETRY_MS);
    }
  });
}

const yymmddhhmm = (d: Date) => d.toISOString().replace(/\D/g, '').slice(2, 12);

const server = smpp.createServer((session) => {
  session.on('error', (err: Error) => record({ event: 'session_error', message: err.message }));
  session.on('close', () => {
    bound.delete(session);
    record({ event: 'session_closed' });
  });
  session.on('bind_transceiver', (pdu) => {
    if (pdu.system_id !== SYSTEM_ID || pdu.password !== PASSWORD) {
      record({ event: 'bind_refused', systemId: pdu.system_id });
      session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
      session.close();
      return;
    }
    bound.add(session);
    record({ event: 'bound', systemId: pdu.system_id, interfaceVersion: pdu.interface_version });
    session.send(pdu.response({ system_id: 'LOCALSMSC' }));
  });
  session.on('enquire_link', (pdu) => {
    record({ event: 'enquire_link' });
    session.send(pdu.response());
  });
  session.on('unbind', (pdu) => {
    record({ event: 'unbind' });
    session.send(pdu.response());
    session.close();
  });
  session.on('submit_sm', (pdu) => {
    if (!bound.has(session)) {
      session.send(pdu.response({ command_status: 0x04 /* ESME_RINVBNDSTS */ }));
      return;
    }
    const id = `M${++nextId}`;
    const sm = pdu.short_message as smpp.ShortMessage | undefined;
    const message = typeof sm?.message === 'string' ? sm.message : String(sm?.message ?? '');
    record({
      event: 'submit_sm',
      id,
      sourceAddr: pdu.source_addr,
      sourceTon: pdu.source_addr_ton,
      destinationAddr: pdu.destination_addr,
      destTon: pdu.dest_addr_ton,
      dataCoding: pdu.data_coding,
      esmClass: pdu.esm_class,
      registeredDelivery: pdu.registered_delivery,
      udh: sm?.udh?.map((ie) => ie.toString('hex')) ?? [],
      message,
    });
    session.send(pdu.response({ message_id: id }));
    const stat = receiptStat;
    if ((Number(pdu.registered_delivery) & 0x03) !== 0 && stat !== null) {
      setTimeout(() => {
        const now = new Date();
        const text =
          `id:${id} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:${yymmddhhmm(now)} ` +
          `done date:${yymmddhhmm(now)} stat:${stat} err:${stat === 'DELIVRD' ? '000' : '001'} text:`;
        deliver(
          session,
          {
            source_addr: pdu.destination_addr,
            destination_addr: pdu.source_addr,
            esm_class: 0x04,
            data_coding: 0,
            short_message: text,
            receipted_message_id: id,
            message_state: stat === 'DELIVRD' ? 2 : 5,
          },
          { kind: 'receipt', id, stat },
        );
      }, RECEIPT_DELAY_MS);
    }
  });
});

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  const command = JSON.parse(line) as { cmd: string; from?: string; text?: string; stat?: string | null };
  if (command.cmd === 'incoming') {
    for (const session of bound)
      deliver(
        session,
        {
          source_addr: command.from,
          source_addr_ton: 1,
          source_addr_npi: 1,
          destination_addr: 'Filaha',
          short_message: command.text,
        },
        { kind: 'incoming', from: command.from, text: command.text },
      );
    if (bound.size === 0) record({ event: 'deliver_dropped', kind: 'incoming' });
  } else if (command.cmd === 'receipts') {
    receiptStat = command.stat ?? null;
    record({ event: 'receipts', stat: receiptStat });
  } else if (command.cmd === 'mark') {
    record({ event: 'mark', n: (command as { n?: number }).n });
  } else if (command.cmd === 'drop') {
    for (const session of [...bound]) {
      bound.delete(session);
      session.destroy();
    }
    record({ event: 'dropped' });
  }
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  record({ event: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
