import { randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { desc, eq, smsMessages, smsSubscriptions } from '@filaha/db';
import { SMS_LIMITS, type SmsMessagesAnswer, type SmsSubscriptionAnswer } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { segmentCount, smsOutboxDir, type SmsOutboxEntry } from '../../lib/sms/index.ts';
import { sendStoredSms } from './sms.jobs.ts';

/** The farmer's SMS opt-in over HTTP, SMS written to the outbox (no SMPP_URL: the demo's and `npm start`'s way). */
const t = useTestApp();

const randomMobile = () => `06${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const e164 = (national: string) => `+213${national.slice(1)}`;

/** The verification SMS last stored for this user, sent by the sms-send job (here: run directly). */
async function deliverLastCode(userId: number): Promise<SmsOutboxEntry> {
  const { db } = t.current.database;
  const [message] = await db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.userId, userId))
    .orderBy(desc(smsMessages.id))
    .limit(1);
  expect(
    await sendStoredSms({ database: t.current.database, sms: t.current.app.sms, jobTimeoutSeconds: 60 }, message!.id),
  ).toBe('sent');
  const dir = smsOutboxDir(t.current.dataDir);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const entries = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as SmsOutboxEntry),
  );
  return entries.filter((e) => e.to === message!.phone).at(-1)!;
}

describe('SMS opt-in (issue 31 §4)', () => {
  it('phone → code by SMS (outbox) → verified: opted in; STOP in the app: opted out', async () => {
    const app = t.current;
    expect(app.app.sms.kind).toBe('outbox');
    const { user, headers } = await app.createUser({ role: 'User' });
    const get = async () => json<SmsSubscriptionAnswer>(await app.inject({ method: 'GET', url: '/api/sms', headers }));
    expect(await get()).toMatchObject({ state: 'none', phone: null, dailyCap: SMS_LIMITS.dailyCap, sentToday: 0 });

    const mobile = randomMobile();
    const asked = await app.inject({
      method: 'POST',
      url: '/api/sms/phone',
      headers: { ...headers, 'accept-language': 'fr' },
      payload: { phone: `${mobile.slice(0, 4)} ${mobile.slice(4, 6)} ${mobile.slice(6, 8)} ${mobile.slice(8)}` },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const pending = json<SmsSubscriptionAnswer>(asked);
    expect(pending).toMatchObject({ state: 'pending', phone: e164(mobile) });
    expect(Date.parse(pending.codeExpiresAt!) - Date.now()).toBeGreaterThan(9 * 60_000);

    const sms = await deliverLastCode(user.id);
    expect(sms.encoding).toBe('gsm7');
    expect(segmentCount(sms.text)).toBe(1);
    expect(sms.text).toContain('STOP');
    const code = /\d{6}/.exec(sms.text)![0];
    // The table keeps no usable code once it is sent.
    const [stored] = await app.database.db.select().from(smsMessages).where(eq(smsMessages.userId, user.id));
    expect(stored!.text).not.toContain(code);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await app.inject({ method: 'POST', url: '/api/sms/verify', headers, payload: { code: wrong } });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).code).toBe('PHONE_CODE_INVALID');
    const ok = await app.inject({ method: 'POST', url: '/api/sms/verify', headers, payload: { code } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<SmsSubscriptionAnswer>(ok)).toMatchObject({ state: 'active', phone: e164(mobile), optedOutAt: null });
    // Used up.
    const again = await app.inject({ method: 'POST', url: '/api/sms/verify', headers, payload: { code } });
    expect(json(again).code).toBe('PHONE_CODE_EXPIRED');

    const stop = await app.inject({ method: 'DELETE', url: '/api/sms', headers });
    expect(stop.statusCode).toBe(200);
    expect(json<SmsSubscriptionAnswer>(stop)).toMatchObject({ state: 'opted_out', optedOutBy: 'farmer' });
  });

  it('sends the code in Arabic (UCS-2, one segment), refuses a number that is not an Algerian mobile', async () => {
    const app = t.current;
    const { user, headers } = await app.createUser({ role: 'User' });
    for (const phone of ['021 23 45 67', '+33612345678', '0661', 'call me']) {
      const res = await app.inject({ method: 'POST', url: '/api/sms/phone', headers, payload: { phone } });
      expect(res.statusCode, phone).toBe(400);
      expect(json<{ issues: Array<{ message: string }> }>(res).issues[0]!.message).toBe('validation.smsPhone');
    }
    const mobile = `+2137${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/sms/phone',
      headers: { ...headers, 'accept-language': 'ar' },
      payload: { phone: mobile },
    });
    expect(res.statusCode, res.body).toBe(202);
    const sms = await deliverLastCode(user.id);
    expect(sms.encoding).toBe('ucs2');
    expect(sms.segments).toBe(1);
    expect(sms.text).toContain('توقف');
  });

  it('limits the codes (one a minute, three an hour) and the tries (locked after five wrong)', async () => {
    const app = t.current;
    const { user, headers } = await app.createUser({ role: 'User' });
    const phone = randomMobile();
    const first = await app.inject({ method: 'POST', url: '/api/sms/phone', headers, payload: { phone } });
    expect(first.statusCode).toBe(202);
    const second = await app.inject({ method: 'POST', url: '/api/sms/phone', headers, payload: { phone } });
    expect(second.statusCode).toBe(429);
    expect(json(second).code).toBe('RATE_LIMITED');
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(await app.database.db.select().from(smsMessages).where(eq(smsMessages.userId, user.id))).toHaveLength(1);

    const codes: string[] = [];
    for (let i = 0; i < SMS_LIMITS.codeMaxAttempts; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/api/sms/verify', headers, payload: { code: '000000' } });
      codes.push(json(res).code as string);
    }
    // (000000 could be the code drawn: one chance in a million.)
    expect(codes).toEqual([
      ...Array<string>(SMS_LIMITS.codeMaxAttempts - 1).fill('PHONE_CODE_INVALID'),
      'PHONE_CODE_LOCKED',
    ]);
    const locked = await app.inject({ method: 'POST', url: '/api/sms/verify', headers, payload: { code: '123456' } });
    expect(json(locked).code).toBe('PHONE_CODE_LOCKED');

    // An expired code.
    await app.database.db
      .update(smsSubscriptions)
      .set({ codeAttempts: 0, codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsSubscriptions.userId, user.id));
    const expired = await app.inject({ method: 'POST', url: '/api/sms/verify', headers, payload: { code: '123456' } });
    expect(json(expired).code).toBe('PHONE_CODE_EXPIRED');
  });

  it('staff list the SMS with state and receipt, phones and codes masked; a farmer may not', async () => {
    const app = t.current;
    const farmer = await app.createUser({ role: 'User' });
    const phone = randomMobile();
    await app.inject({ method: 'POST', url: '/api/sms/phone', headers: farmer.headers, payload: { phone } });
    const sms = await deliverLastCode(farmer.user.id);
    const code = /\d{6}/.exec(sms.text)![0];
    for (const role of ['Admin', 'Manager'] as const) {
      const { headers } = await app.createUser({ role });
      const res = await app.inject({ method: 'GET', url: '/api/admin/sms?limit=200', headers });
      expect(res.statusCode).toBe(200);
      const body = json<SmsMessagesAnswer>(res);
      const mine = body.messages.find((m) => m.userId === farmer.user.id)!;
      expect(mine).toMatchObject({ kind: 'verification', state: 'sent', segments: 1, encoding: 'ucs2' });
      expect(mine.phone).toBe(`+213 6 ${phone.slice(2, 4)} •• •• ${phone.slice(8)}`);
      expect(mine.smscIds).toHaveLength(1);
      expect(res.body).not.toContain(code);
    }
    const refused = await app.inject({ method: 'GET', url: '/api/admin/sms', headers: farmer.headers });
    expect(refused.statusCode).toBe(403);
  });
});
