import { alerts, eq, type AlertRule } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { evaluateParcelAlerts, sendAlertEmail, type AlertEngine } from './alerts.jobs.ts';
import { daysFromToday, farmerWithParcel, onlyRules, saveRule, sceneOf, storePoints } from './alerts.test-support.ts';

/** evaluateParcelAlerts and sendAlertEmail (the functions the job queue runs), on PGlite or PostgreSQL. */
const t = useTestApp();

const rowsOf = (parcelId: number) =>
  t.current.database.db.select().from(alerts).where(eq(alerts.parcelId, parcelId)).orderBy(alerts.id);
const evaluate = (parcelId: number, date: string, engine?: AlertEngine) =>
  evaluateParcelAlerts(
    { database: t.current.database, ...(engine ? { engine } : {}) },
    {
      parcelId,
      sceneId: sceneOf(date),
    },
  );

async function parcelWith(rules: AlertRule[]) {
  const farmer = await farmerWithParcel(t.current);
  await onlyRules(t.current, farmer.parcel.id, rules);
  return farmer;
}

describe('evaluateParcelAlerts', () => {
  it('DROP fires when the mean fell by more than the threshold since the previous clear acquisition, not at or below it', async () => {
    const { parcel } = await parcelWith(['DROP']);
    await storePoints(t.current, parcel.id, [
      { date: '2025-05-01', mean: 0.75 },
      { date: '2025-05-06', mean: 0.3, status: 'CLOUDY' }, // not a clear acquisition: never the "previous" one
      { date: '2025-05-11', mean: 0.65 }, // −0.10 exactly: not more than 0.10
      { date: '2025-05-16', mean: 0.5525 }, // −0.0975
      { date: '2025-05-21', mean: 0.4425 }, // −0.11
    ]);
    expect(await evaluate(parcel.id, '2025-05-06')).toEqual([]);
    expect(await evaluate(parcel.id, '2025-05-11')).toEqual([]);
    expect(await evaluate(parcel.id, '2025-05-16')).toEqual([]);
    const ids = await evaluate(parcel.id, '2025-05-21');
    expect(ids).toHaveLength(1);
    const [row] = await rowsOf(parcel.id);
    expect(row).toMatchObject({ id: ids[0], rule: 'DROP', date: '2025-05-21', indexCode: 'NDVI' });
    expect(row!.details.previousDate).toBe('2025-05-16');
    expect(row!.details.previous).toBeCloseTo(0.5525, 12);
    expect(row!.details.value).toBeCloseTo(0.4425, 12);
    expect(row!.details.threshold).toBe(0.1);
  });

  it("DROP follows the farmer's threshold", async () => {
    const { parcel } = await parcelWith(['DROP']);
    await saveRule(t.current, parcel.id, 'DROP', { threshold: 0.25 });
    await storePoints(t.current, parcel.id, [
      { date: '2025-06-01', mean: 0.8 },
      { date: '2025-06-06', mean: 0.6 }, // −0.20 < 0.25
      { date: '2025-06-11', mean: 0.3 }, // −0.30 > 0.25
    ]);
    expect(await evaluate(parcel.id, '2025-06-06')).toEqual([]);
    expect(await evaluate(parcel.id, '2025-06-11')).toHaveLength(1);
  });

  it('WATER_STRESS fires when the NDMI median is below the threshold, not at or above it', async () => {
    const { parcel } = await parcelWith(['WATER_STRESS']);
    await storePoints(t.current, parcel.id, [
      { date: '2025-07-01', index: 'NDMI', median: -0.1 },
      { date: '2025-07-06', index: 'NDMI', median: -0.05 },
      { date: '2025-07-11', index: 'NDMI', median: -0.125 },
      // An NDVI point of a date with no NDMI point: the rule reads NDMI only.
      { date: '2025-07-16', index: 'NDVI', median: -0.5 },
    ]);
    expect(await evaluate(parcel.id, '2025-07-01')).toEqual([]);
    expect(await evaluate(parcel.id, '2025-07-06')).toEqual([]);
    expect(await evaluate(parcel.id, '2025-07-16')).toEqual([]);
    expect(await evaluate(parcel.id, '2025-07-11')).toHaveLength(1);
    const [row] = await rowsOf(parcel.id);
    expect(row).toMatchObject({ rule: 'WATER_STRESS', indexCode: 'NDMI', date: '2025-07-11' });
    expect(row!.details).toMatchObject({ value: -0.125, threshold: -0.1 });

    await saveRule(t.current, parcel.id, 'WATER_STRESS', { threshold: 0 });
    expect(await evaluate(parcel.id, '2025-07-06')).toHaveLength(1);
  });

  it("WATER_STRESS stays quiet on bare ground: the same acquisition's NDVI median under 0.3", async () => {
    const { parcel } = await parcelWith(['WATER_STRESS']);
    await storePoints(t.current, parcel.id, [
      // A seedbed: dry soil reads a negative NDMI, but there is no crop to be stressed.
      { date: '2025-05-12', index: 'NDMI', median: -0.11 },
      { date: '2025-05-12', index: 'NDVI', median: 0.14 },
      // A canopy at exactly 0.3 counts as one.
      { date: '2025-07-06', index: 'NDMI', median: -0.2 },
      { date: '2025-07-06', index: 'NDVI', median: 0.3 },
      // A clouded NDVI row tells nothing: the rule reads NDMI alone.
      { date: '2025-07-21', index: 'NDMI', median: -0.2 },
      { date: '2025-07-21', index: 'NDVI', median: 0.1, status: 'CLOUDY' },
    ]);
    expect(await evaluate(parcel.id, '2025-05-12')).toEqual([]);
    expect(await evaluate(parcel.id, '2025-07-06')).toHaveLength(1);
    expect(await evaluate(parcel.id, '2025-07-21')).toHaveLength(1);
    expect((await rowsOf(parcel.id)).map((r) => r.date)).toEqual(['2025-07-06', '2025-07-21']);
  });

  it('NEW_IMAGE fires for a recent clear acquisition only, not for a clouded or an old one (a backfill)', async () => {
    const { parcel } = await parcelWith(['NEW_IMAGE']);
    const [clear, cloudy, old] = [daysFromToday(-3), daysFromToday(-1), daysFromToday(-20)];
    await storePoints(t.current, parcel.id, [
      { date: clear, validFraction: 0.82 },
      { date: cloudy, status: 'CLOUDY', validFraction: 0.3 },
      { date: old, validFraction: 0.9 },
    ]);
    expect(await evaluate(parcel.id, cloudy)).toEqual([]);
    expect(await evaluate(parcel.id, daysFromToday(0))).toEqual([]); // not computed yet
    expect(await evaluate(parcel.id, old)).toEqual([]);
    expect(await evaluate(parcel.id, clear)).toHaveLength(1);
    expect((await rowsOf(parcel.id))[0]!.details.value).toBe(0.82);
  });

  it('a disabled rule never fires; a deleted parcel gives nothing', async () => {
    const { parcel } = await parcelWith([]);
    await storePoints(t.current, parcel.id, [
      { date: '2025-05-01', mean: 0.8 },
      { date: '2025-05-06', mean: 0.2 },
      { date: '2025-05-06', mean: -0.6, index: 'NDMI' },
    ]);
    expect(await evaluate(parcel.id, '2025-05-06')).toEqual([]);
    expect(
      await evaluateParcelAlerts({ database: t.current.database }, { parcelId: 2_000_000_000, sceneId: 'x' }),
    ).toEqual([]);
  });

  it('all rules on by default: one alert per rule that fires', async () => {
    const { parcel } = await farmerWithParcel(t.current);
    const [before, now] = [daysFromToday(-6), daysFromToday(-1)];
    await storePoints(t.current, parcel.id, [
      { date: before, mean: 0.8 },
      { date: now, mean: 0.5 },
      { date: now, median: -0.3, index: 'NDMI' },
    ]);
    const ids = await evaluate(parcel.id, now);
    expect(ids).toHaveLength(3);
    expect((await rowsOf(parcel.id)).map((r) => r.rule).sort()).toEqual(['DROP', 'NEW_IMAGE', 'WATER_STRESS']);
  });

  it('PARTIAL_DROP asks the engine for the share that fell between the previous clear acquisition and this one', async () => {
    const { parcel } = await parcelWith(['PARTIAL_DROP']);
    await storePoints(t.current, parcel.id, [
      { date: '2025-05-01', mean: 0.7 },
      { date: '2025-05-06', status: 'CLOUDY' },
      { date: '2025-05-11', mean: 0.69 },
    ]);
    const asked: unknown[] = [];
    const engine = (share: number | null): AlertEngine => ({
      fallenShare: async (input) => {
        asked.push({ earlier: input.earlier, later: input.later, threshold: input.threshold, index: input.index });
        return share;
      },
    });
    expect(await evaluate(parcel.id, '2025-05-11')).toEqual([]); // no engine: not evaluated
    expect(await evaluate(parcel.id, '2025-05-11', engine(0.19))).toEqual([]);
    expect(await evaluate(parcel.id, '2025-05-11', engine(null))).toEqual([]);
    expect(asked[0]).toEqual({
      earlier: { sceneId: sceneOf('2025-05-01'), date: '2025-05-01' },
      later: { sceneId: sceneOf('2025-05-11'), date: '2025-05-11' },
      threshold: 0.1,
      index: 'NDVI',
    });
    expect(await evaluate(parcel.id, '2025-05-11', engine(0.2))).toHaveLength(1);
    const [row] = await rowsOf(parcel.id);
    expect(row!.details).toMatchObject({ value: 0.2, share: 0.2, threshold: 0.1, previousDate: '2025-05-01' });
    // The farmer's share.
    const other = await parcelWith(['PARTIAL_DROP']);
    await saveRule(t.current, other.parcel.id, 'PARTIAL_DROP', { threshold: 0.15, share: 0.5 });
    await storePoints(t.current, other.parcel.id, [{ date: '2025-05-01' }, { date: '2025-05-11' }]);
    expect(await evaluate(other.parcel.id, '2025-05-11', engine(0.45))).toEqual([]);
    expect(asked.at(-1)).toMatchObject({ threshold: 0.15 });
    expect(await evaluate(other.parcel.id, '2025-05-11', engine(0.55))).toHaveLength(1);
  });

  it('is idempotent: a repeated call and ten concurrent calls store each alert once', async () => {
    const { parcel } = await parcelWith(['DROP', 'NEW_IMAGE']);
    const [a, b, c] = [daysFromToday(-10), daysFromToday(-5), daysFromToday(-1)];
    await storePoints(t.current, parcel.id, [
      { date: a, mean: 0.8 },
      { date: b, mean: 0.5 },
      { date: c, mean: 0.2 },
    ]);
    const first = await evaluate(parcel.id, b);
    expect(first).toHaveLength(2);
    expect(await evaluate(parcel.id, b)).toEqual([]);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => evaluate(parcel.id, c)));
    expect(concurrent.flat()).toHaveLength(2);
    expect(new Set(concurrent.flat()).size).toBe(2);
    const rows = await rowsOf(parcel.id);
    expect(rows.map((r) => `${r.rule}@${r.date}`).sort()).toEqual([
      `DROP@${b}`,
      `DROP@${c}`,
      `NEW_IMAGE@${b}`,
      `NEW_IMAGE@${c}`,
    ]);
  });
});

describe('sendAlertEmail', () => {
  const mailDeps = () => ({
    database: t.current.database,
    mailer: t.current.app.mailer,
    publicUrl: 'https://filaha.example',
  });
  const mailsTo = async (email: string) => (await t.current.outbox()).filter((m) => m.to === email);

  async function dropAlert(language?: 'ar' | 'fr', emailDrop = true) {
    const farmer = await parcelWith(['DROP']);
    if (language) {
      const { alertSettings } = await import('@filaha/db');
      await t.current.database.db.insert(alertSettings).values({ userId: farmer.user.id, language, emailDrop });
    }
    await storePoints(t.current, farmer.parcel.id, [
      { date: '2025-06-10', mean: 0.71 },
      { date: '2025-06-15', mean: 0.52 },
    ]);
    const [id] = await evaluate(farmer.parcel.id, '2025-06-15');
    return { ...farmer, id: id! };
  }

  it('sends once, in French for a French-speaking farmer, with the parcel, the day, the numbers and the links', async () => {
    const { user, parcel, id } = await dropAlert('fr');
    expect(await sendAlertEmail(mailDeps(), id)).toBe('sent');
    expect(await sendAlertEmail(mailDeps(), id)).toBe('already');
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Filaha — Baisse de l'indice : Parcelle Nord (15 juin 2025)`);
    expect(mail.text).toContain("L'indice NDVI moyen a baissé de 0,19 (de 0,71 le 10 juin 2025 à 0,52)");
    expect(mail.text).toContain(`https://filaha.example/user/ferme-map?parcel=${parcel.id}&index=`);
    expect(mail.text).toContain('start=2025-06-15&end=2025-06-15');
    expect(mail.text).toContain(`https://filaha.example/user/ferme-map/${parcel.id}`);
    const [row] = await rowsOf(parcel.id);
    expect(row).toMatchObject({ emailState: 'sent' });
    expect(row!.emailAt).toBeInstanceOf(Date);
  });

  it('writes Arabic by default (no settings saved)', async () => {
    const { user, id } = await dropAlert();
    expect(await sendAlertEmail(mailDeps(), id)).toBe('sent');
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('فلاحة — انخفاض المؤشر: Parcelle Nord (15 جوان 2025)');
    expect(mail!.text).toContain('انخفض متوسط مؤشر NDVI بمقدار 0,19');
    expect(mail!.html).toContain('dir="rtl"');
  });

  it('skips when the farmer turned the e-mail of this rule off, and records it', async () => {
    const { user, parcel, id } = await dropAlert('fr', false);
    expect(await sendAlertEmail(mailDeps(), id)).toBe('skipped');
    expect(await sendAlertEmail(mailDeps(), id)).toBe('already');
    expect(await mailsTo(user.email)).toEqual([]);
    expect((await rowsOf(parcel.id))[0]).toMatchObject({ emailState: 'skipped' });
  });

  it('sends once under concurrent calls; a failed send is retried by the next call', async () => {
    const { user, id } = await dropAlert('fr');
    const results = await Promise.all(Array.from({ length: 6 }, () => sendAlertEmail(mailDeps(), id)));
    expect(results.filter((r) => r === 'sent')).toHaveLength(1);
    expect(results.filter((r) => r === 'already')).toHaveLength(5);
    expect(await mailsTo(user.email)).toHaveLength(1);

    const second = await dropAlert('fr');
    const failing = { ...t.current.app.mailer, send: async () => Promise.reject(new Error('SMTP down')) };
    await expect(sendAlertEmail({ ...mailDeps(), mailer: failing }, second.id)).rejects.toThrow('SMTP down');
    expect((await rowsOf(second.parcel.id))[0]).toMatchObject({ emailState: 'pending' });
    expect(await sendAlertEmail(mailDeps(), second.id)).toBe('sent');
    expect(await mailsTo(second.user.email)).toHaveLength(1);
  });

  it('an unknown alert is skipped', async () => {
    expect(await sendAlertEmail(mailDeps(), 2_000_000_000)).toBe('skipped');
  });
});
