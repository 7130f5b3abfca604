import { randomInt } from 'node:crypto';
import {
  alerts,
  alertSettings,
  eq,
  smsInbound,
  smsMessages,
  smsSubscriptions,
  type AlertDetails,
  type AlertRule,
} from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { SMS_LIMITS } from '@filaha/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { waitFor } from '../../jobs/test-support/catalog.ts';
import { splitSms } from '../../lib/sms/index.ts';
import { startLocalSmsc, type LocalSmsc, type SmscEvent } from '../../lib/sms/test-support/smsc.ts';
import { prepareAlertSms } from '../alerts/public.ts';
import { createSmsRepository } from './sms.repository.ts';
import { sendStoredSms, smsInboundHandler } from './sms.jobs.ts';

/**
 * Issue 31 acceptance 3: SMS against a real SMPP server process — the `smpp` library's server side, run by
 * lib/sms/test-support/smsc-server.ts on a free port — through the app's SMPP channel (SMPP_URL set).
 */
const silent = { info: () => undefined, warn: () => undefined };
let smsc: LocalSmsc;
let t: TestApp;

beforeAll(async () => {
  smsc = await startLocalSmsc();
  t = await buildTestApp({
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: smsc.systemId,
    SMPP_PASSWORD: smsc.password,
    SMPP_SENDER_ID: 'Filaha',
  });
  // What a process running jobs does (jobs/runtime.ts): receipts and incoming texts stored, the session kept.
  t.app.sms.listen(smsInboundHandler(t.database, silent));
  await t.app.sms.start();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smsc?.stop();
});

const randomPhone = () => `+2136${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const send = (id: number) => sendStoredSms({ database: t.database, sms: t.app.sms, jobTimeoutSeconds: 60 }, id);
/** What the SMSC received for this phone, once everything it answered is recorded. */
async function submitsTo(phone: string) {
  await smsc.sync();
  return smsc.of('submit_sm').filter((e) => e.destinationAddr === phone.slice(1)) as Array<
    SmscEvent & { dataCoding: number; esmClass: number; udh: string[]; message: string; id: string }
  >;
}
const message = async (id: number) =>
  (await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0]!;
const subscription = async (userId: number) =>
  (await t.database.db.select().from(smsSubscriptions).where(eq(smsSubscriptions.userId, userId)))[0]!;

/** A farmer opted in (phone verified) who chose SMS for every alert kind, in `language`. */
async function farmer(language: 'ar' | 'fr', parcelName = 'Parcelle Nord') {
  const { user } = await t.createUser({ role: 'User' });
  const phone = randomPhone();
  await t.database.db.insert(alertSettings).values({
    userId: user.id,
    language,
    smsNewImage: true,
    smsDrop: true,
    smsWaterStress: true,
    smsPartialDrop: true,
  });
  await t.database.db.insert(smsSubscriptions).values({ userId: user.id, phone, verifiedAt: new Date() });
  const { parcel } = await factories.createParcel(t.database, { userId: user.id, name: parcelName });
  return { user, phone, parcel };
}

async function alertFor(f: Awaited<ReturnType<typeof farmer>>, rule: AlertRule, details: AlertDetails, index = 'NDVI') {
  const [row] = await t.database.db
    .insert(alerts)
    .values({
      userId: f.user.id,
      parcelId: f.parcel.id,
      rule,
      sceneId: `S2_SMS_${randomInt(0, 1e9)}`,
      date: '2026-01-28',
      indexCode: index,
      details,
    })
    .returning({ id: alerts.id });
  return row!.id;
}

/** Stores an SMS directly (as the service and the alerts do), queued. */
async function stored(userId: number, phone: string, text: string, kind: 'alert' | 'verification' = 'alert') {
  const { encoding, parts } = splitSms(text);
  const id = await createSmsRepository(t.database.db).store({
    userId,
    phone,
    kind,
    language: 'fr',
    text,
    encoding,
    segments: parts.length,
  });
  return id!;
}

describe('alert SMS over SMPP', () => {
  it('sends an Arabic alert in one UCS-2 segment (data_coding 8) and stores its delivery receipt', async () => {
    const f = await farmer('ar', 'قطعة الوادي الكبيرة قرب البئر القديم في مزرعة عائلة بن علي بولاية المدية');
    const alertId = await alertFor(f, 'WATER_STRESS', { value: -0.18, threshold: -0.1 }, 'NDMI');
    const id = await prepareAlertSms({ database: t.database }, alertId);
    expect(id).toBeTypeOf('number');
    expect(await send(id!)).toBe('sent');

    const [submit, ...more] = await submitsTo(f.phone);
    expect(more).toEqual([]);
    expect(submit!.dataCoding).toBe(8);
    expect(submit!.esmClass & 0x40).toBe(0); // no UDH: one segment
    expect(submit!.udh).toEqual([]);
    expect(submit!.message.length).toBeLessThanOrEqual(70);
    expect(submit!.message).toContain('إجهاد مائي');
    expect(submit!.message).toContain('28/01');
    expect(submit!.sourceAddr).toBe('Filaha');
    expect(submit!.registeredDelivery).toBe(1);

    const delivered = await waitFor('the delivery receipt', async () => {
      const m = await message(id!);
      return m.state === 'delivered' && m;
    });
    expect(delivered).toMatchObject({
      smscIds: [submit!.id],
      receiptStatus: 'DELIVRD',
      encoding: 'ucs2',
      segments: 1,
      alertId,
    });
    expect(delivered.receiptAt).toBeInstanceOf(Date);
  });

  it('sends a French alert in one GSM-7 segment (data_coding 0)', async () => {
    const f = await farmer(
      'fr',
      'Forêt de chênes — façade sud de la ferme familiale Benali près du puits, lot numéro douze',
    );
    const alertId = await alertFor(f, 'DROP', {
      value: 0.41,
      previous: 0.78,
      previousDate: '2026-01-20',
      threshold: 0.1,
    });
    const id = await prepareAlertSms({ database: t.database }, alertId);
    expect(await send(id!)).toBe('sent');
    const [submit, ...more] = await submitsTo(f.phone);
    expect(more).toEqual([]);
    expect(submit!.dataCoding).toBe(0);
    expect(submit!.udh).toEqual([]);
    expect(submit!.message.length).toBeLessThanOrEqual(160);
    expect(submit!.message).toContain('Filaha: baisse de NDVI sur Foret de chenes');
    expect(submit!.message).toContain('0,78 le 20/01, 0,41 le 28/01');
    await waitFor('the receipt', async () => (await message(id!)).state === 'delivered');
  });

  it('stores an alert SMS once, and none when SMS is not chosen for the kind', async () => {
    const f = await farmer('fr');
    const alertId = await alertFor(f, 'NEW_IMAGE', { value: 0.97, threshold: null });
    const first = await prepareAlertSms({ database: t.database }, alertId);
    expect(await prepareAlertSms({ database: t.database }, alertId)).toBe(first); // still queued: queued again
    expect(await send(first!)).toBe('sent');
    expect(await prepareAlertSms({ database: t.database }, alertId)).toBeUndefined(); // sent: nothing to queue
    expect(await t.database.db.select().from(smsMessages).where(eq(smsMessages.alertId, alertId))).toHaveLength(1);

    await t.database.db.update(alertSettings).set({ smsDrop: false }).where(eq(alertSettings.userId, f.user.id));
    const dropId = await alertFor(f, 'DROP', { value: 0.4, previous: 0.7, previousDate: '2026-01-20', threshold: 0.1 });
    expect(await prepareAlertSms({ database: t.database }, dropId)).toBeUndefined();
    expect(await submitsTo(f.phone)).toHaveLength(1);
  });
});

describe('long texts', () => {
  it('sends a long French text as concatenated GSM-7 segments sharing one reference (UDH)', async () => {
    const f = await farmer('fr');
    const text = `${'Conseil d irrigation pour la semaine: '.repeat(10)}fin.`.slice(0, 400);
    const id = await stored(f.user.id, f.phone, text, 'verification');
    expect(await send(id)).toBe('sent');
    const submits = await submitsTo(f.phone);
    expect(submits).toHaveLength(3);
    const udh = submits.map((s) => s.udh[0]!);
    // IE 00, length 03, then reference, total, sequence.
    expect(udh.map((h) => h.slice(0, 4))).toEqual(['0003', '0003', '0003']);
    const reference = udh[0]!.slice(4, 6);
    expect(udh).toEqual([`0003${reference}0301`, `0003${reference}0302`, `0003${reference}0303`]);
    for (const s of submits) {
      expect(s.dataCoding).toBe(0);
      expect(s.esmClass & 0x40).toBe(0x40);
      expect(s.message.length).toBeLessThanOrEqual(153);
    }
    expect(submits.map((s) => s.message).join('')).toBe(text);
    const m = await waitFor('every segment delivered', async () => {
      const row = await message(id);
      return row.state === 'delivered' && row;
    });
    expect(m.segments).toBe(3);
    expect(m.smscIds).toEqual(submits.map((s) => s.id));
    expect(Object.values(m.receipts)).toEqual(['DELIVRD', 'DELIVRD', 'DELIVRD']);
  });

  it('sends a long Arabic text as UCS-2 segments of at most 67 characters', async () => {
    const f = await farmer('ar');
    const text =
      'فلاحة: ننصحكم بسقي القطعة هذا الأسبوع بحوالي خمسة وعشرين ملم، أي ثلاث ساعات من نظام التنقيط الخاص بكم.';
    const id = await stored(f.user.id, f.phone, text, 'verification');
    expect(await send(id)).toBe('sent');
    const submits = await submitsTo(f.phone);
    expect(submits).toHaveLength(2);
    expect(new Set(submits.map((s) => s.udh[0]!.slice(4, 6))).size).toBe(1);
    expect(submits.map((s) => s.dataCoding)).toEqual([8, 8]);
    expect(submits[0]!.message.length).toBe(67);
    expect(submits.map((s) => s.message).join('')).toBe(text);
  });
});

describe('opting out by SMS', () => {
  it('"STOP" (any case, spaces) and "توقف" (with diacritics) from a phone unsubscribe it, and are recorded', async () => {
    const a = await farmer('fr');
    const b = await farmer('ar');
    smsc.command({ cmd: 'incoming', from: a.phone.slice(1), text: '  Stop ' });
    smsc.command({ cmd: 'incoming', from: b.phone.slice(1), text: 'تَوَقَّفْ' });
    await smsc.waitFor(
      (e) => e.event === 'deliver_acked' && e.kind === 'incoming' && e.from === a.phone.slice(1),
      'STOP acked',
    );
    await smsc.waitFor(
      (e) => e.event === 'deliver_acked' && e.kind === 'incoming' && e.from === b.phone.slice(1),
      'توقف acked',
    );
    for (const f of [a, b]) {
      const sub = await subscription(f.user.id);
      expect(sub.optedOutAt).toBeInstanceOf(Date);
      expect(sub.optedOutBy).toBe('sms');
      const inbound = await t.database.db.select().from(smsInbound).where(eq(smsInbound.phone, f.phone));
      expect(inbound.map((i) => i.action)).toEqual(['stop']);
    }
    // No SMS for their next alert; a message already queued is not sent either.
    const alertId = await alertFor(a, 'DROP', {
      value: 0.4,
      previous: 0.7,
      previousDate: '2026-01-20',
      threshold: 0.1,
    });
    expect(await prepareAlertSms({ database: t.database }, alertId)).toBeUndefined();
    const queued = await stored(b.user.id, b.phone, 'فلاحة: تنبيه');
    expect(await send(queued)).toBe('opted_out');
    expect(await submitsTo(a.phone)).toEqual([]);
    expect(await submitsTo(b.phone)).toEqual([]);
  });

  it('another text changes nothing (recorded)', async () => {
    const f = await farmer('fr');
    smsc.command({ cmd: 'incoming', from: f.phone.slice(1), text: 'Stop the rain please' });
    await smsc.waitFor((e) => e.event === 'deliver_acked' && e.from === f.phone.slice(1), 'incoming acked');
    expect((await subscription(f.user.id)).optedOutAt).toBeNull();
    const inbound = await t.database.db.select().from(smsInbound).where(eq(smsInbound.phone, f.phone));
    expect(inbound.map((i) => [i.action, i.text])).toEqual([['none', 'Stop the rain please']]);
  });
});

describe('the daily cap', () => {
  it(`sends ${SMS_LIMITS.dailyCap} alert SMS a day to a farmer, stores the next as refused_cap`, async () => {
    const f = await farmer('fr');
    const ids: number[] = [];
    for (let i = 0; i <= SMS_LIMITS.dailyCap; i += 1) ids.push(await stored(f.user.id, f.phone, `Filaha: alerte ${i}`));
    const outcomes: string[] = [];
    for (const id of ids) outcomes.push(await send(id));
    expect(outcomes).toEqual([...Array<string>(SMS_LIMITS.dailyCap).fill('sent'), 'refused_cap']);
    expect(await submitsTo(f.phone)).toHaveLength(SMS_LIMITS.dailyCap);
    expect((await message(ids.at(-1)!)).state).toBe('refused_cap');
    // Two jobs of one farmer at once count one after the other: still nothing past the cap.
    const more = [await stored(f.user.id, f.phone, 'Filaha: x'), await stored(f.user.id, f.phone, 'Filaha: y')];
    expect(await Promise.all(more.map(send))).toEqual(['refused_cap', 'refused_cap']);
    expect(await submitsTo(f.phone)).toHaveLength(SMS_LIMITS.dailyCap);
  });
});

describe('nothing sent twice', () => {
  it('a job run twice for one message sends it once', async () => {
    const f = await farmer('fr');
    const id = await stored(f.user.id, f.phone, 'Filaha: une fois');
    expect(await send(id)).toBe('sent');
    expect(await send(id)).toBe('already');
    expect(await submitsTo(f.phone)).toHaveLength(1);
  });

  it('two attempts at once send it once (the other finds it claimed and is retried later)', async () => {
    const f = await farmer('fr');
    const id = await stored(f.user.id, f.phone, 'Filaha: en meme temps');
    const results = await Promise.allSettled([send(id), send(id)]);
    const fulfilled = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    expect(fulfilled).toContain('sent');
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).name).toBe('SmsBusyError');
      else expect(['sent', 'already']).toContain(r.value);
    expect(await submitsTo(f.phone)).toHaveLength(1);
    expect(await send(id)).toBe('already');
  });

  it("a job retried after the send was stored sends nothing; a dead attempt's claim is failed, not resent", async () => {
    const f = await farmer('fr');
    const id = await stored(f.user.id, f.phone, 'Filaha: deja envoye');
    expect(await send(id)).toBe('sent');
    // The worker died after storing the send, before the job completed: pg-boss runs the job again.
    expect(await send(id)).toBe('already');
    expect(await submitsTo(f.phone)).toHaveLength(1);
    // A worker that died between its claim and the SMSC's answer: unknown whether it went out.
    const claimed = await stored(f.user.id, f.phone, 'Filaha: peut-etre parti');
    await t.database.db
      .update(smsMessages)
      .set({ state: 'sending', claimedAt: new Date(Date.now() - 120_000) })
      .where(eq(smsMessages.id, claimed));
    expect(await send(claimed)).toBe('failed');
    expect((await message(claimed)).error).toMatch(/not sent again/);
    expect(await submitsTo(f.phone)).toHaveLength(1);
  });

  it('binds again after the session dropped, and sends', async () => {
    const f = await farmer('fr');
    const before = smsc.of('bound').length;
    smsc.command({ cmd: 'drop' });
    await smsc.waitFor((e) => e.event === 'dropped', 'drop');
    await smsc.waitFor((e) => e.event === 'bound', 'a new bind', before + 1);
    const id = await stored(f.user.id, f.phone, 'Filaha: apres coupure');
    expect(await send(id)).toBe('sent');
    expect(await submitsTo(f.phone)).toHaveLength(1);
  });
});
