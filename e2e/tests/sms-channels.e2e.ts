import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AlertSettings, SmsSubscriptionAnswer } from '@filaha/shared';
import { launchBrowser, PHONE, phoneContext, scrollIntoView, seriousA11yViolations } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { pageApi as api, phoneShots } from './phone.support.ts';

/**
 * Issue 31 §4 and acceptance 4's alert channel choices, on a phone (390 × 844, touch, nothing but this machine
 * reachable) in Arabic and in French: a new farmer (one per language: the API sends one code a minute per farmer)
 * opens the alert settings (profile page), finds SMS locked,
 * gives a mobile number, reads the code from the platform's SMS outbox (DATA_DIR/outbox/sms/, the platform has no
 * SMPP_URL), verifies it, ticks SMS for water stress, saves, reloads and finds it kept. axe finds nothing serious,
 * nothing is wider than the phone and every control is a 44 px target. The farmer is left as found: SMS unticked and
 * stopped (state opted_out: no SMS is ever sent to them, as before). Screenshots in e2e/artifacts/sms-channels.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const shot = phoneShots('sms-channels');

/** One number per language: each run's codes are counted per phone (5 a day). */
const NUMBERS: Record<Lang, { typed: string; e164: string }> = {
  ar: { typed: '0550 12 34 56', e164: '+213550123456' },
  fr: { typed: '+213 661 23 45 67', e164: '+213661234567' },
};

const PASSWORD = 'sms-channels-2026';

/** A new farmer account of this run (registered through the API), signed in through the sign-in page by tap. */
async function signInNewFarmer(page: Page, lang: Lang): Promise<void> {
  const email = `sms.${lang}.${Date.now()}@e2e.filaha.dz`;
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      userName: lang === 'ar' ? 'سمير الفلاح' : 'Samir Fellah',
      password: PASSWORD,
      phone_number: '0550000002',
      wilaya: 9,
      role_id: 2,
    }),
  });
  expect(registered.status).toBe(201);
  await page.goto(`${baseUrl}/auth/SignIn`, { timeout: 120_000 });
  await page.getByRole('heading', { name: t(lang, 'auth:signIn.title') }).waitFor({ timeout: 120_000 });
  await page.getByLabel(t(lang, 'auth:fields.email')).fill(email);
  await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(lang, 'auth:signIn.submit') }).tap();
  await page.waitForURL((url) => url.pathname.startsWith('/user/'));
}

/** The verification code of the newest SMS written to the outbox for `to` since `since` (ms), if any yet. */
function codeFromOutbox(to: string, since: number): string | undefined {
  const dir = join(dataDir, 'outbox', 'sms');
  if (!existsSync(dir)) return undefined;
  const entries = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; date: string; text: string })
    .filter((e) => e.to === to && Date.parse(e.date) >= since)
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  return entries[0] ? /\d{6}/.exec(entries[0].text)?.[0] : undefined;
}

/** Controls in `scope` whose touch target (a checkbox's label) is lower than 44 px. */
async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('button, input, select, a'))
      .filter((el) => el.offsetParent !== null && !(el instanceof HTMLAnchorElement && el.closest('p')))
      .map((el) => (el instanceof HTMLInputElement && el.type === 'checkbox' ? el.closest('label')! : el))
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName} ${el.textContent?.trim().slice(0, 40) ?? ''}`),
  );
}

const noSms: AlertSettings['sms'] = { NEW_IMAGE: false, DROP: false, WATER_STRESS: false, PARTIAL_DROP: false };

describe.skipIf(!hasChromium)('alert channels and the SMS opt-in on a phone (390 × 844, touch)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const satisfies Lang[]) {
    it(
      `a farmer verifies a phone by the SMS code and chooses SMS for water stress, in ${lang}`,
      { timeout: 240_000 },
      async () => {
        const blocked: string[] = [];
        const ctx = await phoneContext(browser, lang, baseUrl, blocked);
        const page = await ctx.newPage();
        const number = NUMBERS[lang];
        try {
          await signInNewFarmer(page, lang);
          const found = (await api<AlertSettings>(page, '/alerts/settings')).body;
          await page.goto(`${baseUrl}/user/profile`);
          const settings = page.getByTestId('alert-settings');
          const optIn = page.getByTestId('sms-optin');
          await settings.getByRole('heading', { name: t(lang, 'alerts:settings.title') }).waitFor();
          const water = settings.getByRole('group', { name: t(lang, 'alerts:rule.WATER_STRESS') });
          const waterSms = water.getByRole('checkbox', { name: t(lang, 'alerts:settings.channels.sms') });
          await waterSms.waitFor();
          // SMS are locked until the phone is verified, and the page says why.
          expect(await waterSms.isDisabled()).toBe(true);
          expect(await settings.getByTestId('sms-channel-note').isVisible()).toBe(true);
          await scrollIntoView(water);
          await shot(page, `${lang}-1-channels-locked`);

          // The phone, then "send the code" (a minute after another code the API asks to wait: the button says
          // how long and is usable again after it).
          const state = optIn.getByTestId('sms-state');
          await expect.poll(() => state.getAttribute('data-state')).toMatch(/^(none|opted_out)$/);
          const phone = optIn.getByLabel(t(lang, 'alerts:sms.phone'));
          await scrollIntoView(phone);
          await phone.fill(number.typed);
          await shot(page, `${lang}-2-phone`);
          const since = Date.now() - 1000;
          const send = optIn.getByRole('button', { name: t(lang, 'alerts:sms.send'), exact: true });
          const codeField = optIn.getByLabel(t(lang, 'alerts:sms.code'));
          await send.tap();
          await expect
            .poll(async () => (await codeField.isVisible()) || (await optIn.getByRole('alert').isVisible()))
            .toBe(true);
          if (!(await codeField.isVisible())) {
            await send.waitFor({ timeout: 75_000 });
            await send.tap();
          }
          await codeField.waitFor();
          expect(await state.getAttribute('data-state')).toBe('pending');
          expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
          expect(await codeField.getAttribute('inputmode')).toBe('numeric');
          await shot(page, `${lang}-3-code`);

          // The code, from the platform's SMS outbox (the sms-send job writes it).
          let code: string | undefined;
          await expect
            .poll(() => (code = codeFromOutbox(number.e164, since)), { timeout: 60_000, interval: 500 })
            .toMatch(/^\d{6}$/);
          await codeField.fill(code!);
          await optIn.getByRole('button', { name: t(lang, 'alerts:sms.verify'), exact: true }).tap();
          await expect.poll(() => state.getAttribute('data-state')).toBe('active');
          expect((await state.innerText()).replace(/\s/g, ' ')).toContain(`•• •• ${number.e164.slice(-2)}`);
          expect(await optIn.getByRole('status').innerText()).toBe(t(lang, 'alerts:sms.verified'));
          expect(await optIn.getByTestId('sms-cap').innerText()).toContain('STOP');
          await shot(page, `${lang}-4-active`);

          // SMS for water stress, saved; kept after a reload.
          await expect.poll(() => waterSms.isDisabled()).toBe(false);
          await scrollIntoView(water);
          await waterSms.tap();
          expect(await waterSms.isChecked()).toBe(true);
          await settings.getByRole('button', { name: t(lang, 'alerts:settings.save') }).tap();
          await expect.poll(() => settings.getByRole('status').innerText()).toBe(t(lang, 'alerts:settings.saved'));
          await page.reload();
          await waterSms.waitFor();
          await expect.poll(() => waterSms.isDisabled()).toBe(false);
          expect(await waterSms.isChecked()).toBe(true);
          expect((await api<AlertSettings>(page, '/alerts/settings')).body.sms).toEqual({
            ...found.sms,
            WATER_STRESS: true,
          });
          await scrollIntoView(water);
          await shot(page, `${lang}-5-sms-kept`);

          // The page on the phone: nothing serious for axe, nothing wider than the screen, 44 px targets.
          expect(await seriousA11yViolations(page)).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
          expect(await smallTargets(settings)).toEqual([]);
          expect(await smallTargets(optIn)).toEqual([]);

          // Leave the farmer as found: SMS unticked and saved, then stopped (after the confirmation).
          await scrollIntoView(water);
          await waterSms.tap();
          await settings.getByRole('button', { name: t(lang, 'alerts:settings.save') }).tap();
          await expect.poll(() => settings.getByRole('status').innerText()).toBe(t(lang, 'alerts:settings.saved'));
          const stop = optIn.getByRole('button', { name: t(lang, 'alerts:sms.stop'), exact: true });
          await scrollIntoView(stop);
          await stop.tap();
          const dialog = page.getByRole('alertdialog', { name: t(lang, 'alerts:sms.stopTitle') });
          await dialog.waitFor();
          await shot(page, `${lang}-6-stop-confirm`);
          expect(await seriousA11yViolations(page)).toEqual([]);
          await dialog.getByRole('button', { name: t(lang, 'alerts:sms.stopConfirm') }).tap();
          await expect.poll(() => state.getAttribute('data-state')).toBe('opted_out');
          await expect.poll(() => waterSms.isDisabled()).toBe(true);
          await shot(page, `${lang}-7-stopped`);
          expect((await api<AlertSettings>(page, '/alerts/settings')).body.sms).toEqual(found.sms);
          expect(blocked.filter((u) => !u.includes('tile'))).toEqual([]);
        } finally {
          // Whatever failed above, no SMS stays chosen nor a phone opted in for the other tests.
          const now = (await api<AlertSettings>(page, '/alerts/settings').catch(() => undefined))?.body;
          if (now && Object.values(now.sms).some(Boolean))
            await api(page, '/alerts/settings', 'PUT', { ...now, sms: noSms });
          const sms = (await api<SmsSubscriptionAnswer>(page, '/sms').catch(() => undefined))?.body;
          if (sms && sms.state !== 'none' && sms.state !== 'opted_out') await api(page, '/sms', 'DELETE');
          await ctx.close();
        }
      },
    );
  }
});
