import { alerts, eq } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { farmerWithParcel, insertAlert } from '../modules/alerts/alerts.test-support.ts';
import { createImagery, imageryOptionsFromConfig } from '../lib/imagery/imagery.ts';
import { alertHooks } from './alerts-hooks.ts';

/**
 * An alert's e-mail claimed by a worker that died mid-send ('sending') is never lost: once the claim is older
 * than the job timeout the next attempt sends it; while it is younger, the attempt fails so the queue retries
 * later instead of completing with the e-mail unsent.
 */
const t = useTestApp();

function hooks(jobTimeoutSeconds: number) {
  const app = t.current;
  return alertHooks({
    database: app.database,
    mailer: app.app.mailer,
    imagery: createImagery(imageryOptionsFromConfig(app.config)),
    jobTimeoutSeconds,
  });
}

async function claimed(secondsAgo: number) {
  const { parcel } = await farmerWithParcel(t.current);
  const id = await insertAlert(t.current.database, parcel.id, 'DROP');
  await t.current.database.db
    .update(alerts)
    .set({ emailState: 'sending', emailAt: new Date(Date.now() - secondsAgo * 1000) })
    .where(eq(alerts.id, id));
  return id;
}

const stateOf = async (id: number) =>
  (await t.current.database.db.select({ state: alerts.emailState }).from(alerts).where(eq(alerts.id, id)))[0]?.state;

describe('alert e-mail job (alertHooks.sendEmail)', () => {
  it('a claim younger than the job timeout fails the attempt (retried later) and sends nothing', async () => {
    const id = await claimed(5);
    const before = (await t.current.outbox()).length;
    await expect(hooks(900).sendEmail(id)).rejects.toThrow(/being sent by another attempt/);
    expect(await stateOf(id)).toBe('sending');
    expect((await t.current.outbox()).length).toBe(before);
  });

  it('a claim older than the job timeout is a dead worker’s: the next attempt sends the e-mail once', async () => {
    const id = await claimed(120);
    const before = (await t.current.outbox()).length;
    await hooks(60).sendEmail(id);
    expect(await stateOf(id)).toBe('sent');
    await hooks(60).sendEmail(id); // a duplicate attempt after it was sent: nothing more
    expect((await t.current.outbox()).length).toBe(before + 1);
  });
});
