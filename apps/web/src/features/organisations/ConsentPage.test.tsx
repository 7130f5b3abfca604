import type { AccessLogEntry, Grant } from '@filaha/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, reply, stubContracts } from '../../../test/fetch.ts';
import { signInFarmer } from '../../../test/session.ts';
import { renderApp } from '../../../test/render.tsx';
import { PARCEL } from '../farm/testData.ts';

afterEach(() => queryClient.clear());

const COOP = { id: 3, name: 'Coopérative de la Mitidja', type: 'cooperative' as const };
const OLIVES = { ...PARCEL, id: 12, parcelleId: 12, identifiantU: 'Oliviers' };

/** The server's state: the farmer's grants, changed by POST /grants and DELETE /grants/:id as the API does. */
function farmer(log: AccessLogEntry[] = []) {
  const grants: Grant[] = [];
  const stubs = stubContracts(
    {
      'GET /parcelle': () => reply(200, [PARCEL, OLIVES]),
      'GET /grants': () => reply(200, grants),
      'GET /access-log': () => reply(200, log),
      'GET /organisations': () => reply(200, []),
      'POST /grants': (call) => {
        const body = call.body as { accessCode: string; parcelIds: number[] | null };
        if (body.accessCode.toUpperCase() !== 'MITI2345')
          return json(400, {
            code: 'VALIDATION_FAILED',
            message: 'x',
            issues: [{ path: 'accessCode', code: 'unknown_reference', message: 'validation.unknownReference' }],
          });
        for (const id of body.parcelIds ?? [null]) {
          const parcel = id === null ? null : { id, name: id === 12 ? 'Oliviers' : 'Vignoble' };
          grants.push({ id: grants.length + 1, organisation: COOP, parcel, grantedAt: '2026-11-20T09:00:00.000Z' });
        }
        return reply(201, grants);
      },
      'DELETE /grants/:id': (call) => {
        const id = Number(call.url.split('/').pop());
        grants.splice(
          grants.findIndex((g) => g.id === id),
          1,
        );
        return reply(200, { message: 'ok' });
      },
    },
    signInFarmer(),
  );
  return { ...stubs, grants };
}

describe('/user/organisations: the farmer gives, sees and takes back access', { timeout: 30_000 }, () => {
  it('grants a chosen parcel with the code, lists it, and revokes it after a confirmation (French)', async () => {
    await i18n.changeLanguage('fr');
    const { calls, grants } = farmer();
    const user = userEvent.setup();
    renderApp('/user/organisations');
    const page = await screen.findByTestId('consent-page', {}, { timeout: 10_000 });
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Organisations qui suivent mes parcelles');
    expect((await within(page).findByTestId('grants-empty', {}, { timeout: 10_000 })).textContent).toBe(
      "Aucune organisation n'a accès à vos parcelles.",
    );
    expect((await within(page).findByTestId('reads-empty', {}, { timeout: 10_000 })).textContent).toBe(
      'Aucune consultation pour le moment.',
    );

    const form = within(page).getByTestId('grant-form');
    // Nothing is sent without a code, nor without a parcel when "chosen parcels" is picked.
    await user.click(within(form).getByRole('button', { name: 'Donner accès' }));
    expect(within(form).getByRole('alert').textContent).toBe("Saisissez le code que l'organisation vous a donné.");
    await user.type(within(form).getByLabelText("Code de l'organisation"), 'miti2345');
    await user.click(within(form).getByLabelText('Seulement les parcelles choisies'));
    await user.click(within(form).getByRole('button', { name: 'Donner accès' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choisissez au moins une parcelle.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(await within(form).findByLabelText('Oliviers', {}, { timeout: 10_000 }));
    await user.click(within(form).getByRole('button', { name: 'Donner accès' }));
    expect((await within(form).findByRole('status', {}, { timeout: 10_000 })).textContent).toBe(
      'Coopérative de la Mitidja a maintenant accès à ces parcelles.',
    );
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent!.body).toEqual({ accessCode: 'miti2345', parcelIds: [12] });
    const item = await within(page).findByTestId('grant-item', {}, { timeout: 10_000 });
    expect(item.textContent).toContain('Coopérative de la Mitidja');
    expect(item.textContent).toContain('Coopérative · parcelle Oliviers · depuis le 20 novembre 2026');

    await user.click(within(item).getByRole('button', { name: "Retirer l'accès" }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Coopérative de la Mitidja ne verra plus Oliviers, dès maintenant.');
    await user.click(within(dialog).getByRole('button', { name: "Retirer l'accès" }));
    await waitFor(() => expect(within(page).queryByTestId('grant-item')).toBeNull());
    expect(grants).toEqual([]);
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/grants/1'))).toBe(true);
  });

  it('says in Arabic when no organisation has the code, and lists who read which parcel', async () => {
    await i18n.changeLanguage('ar');
    farmer([
      {
        organisation: COOP,
        member: { id: 9, userName: 'Amina' },
        apiKey: null,
        parcel: { id: 11, name: 'Vignoble' },
        what: 'parcel',
        at: '2026-11-21T10:00:00.000Z',
      },
      {
        organisation: COOP,
        member: null,
        apiKey: { name: 'SIG coopérative' },
        parcel: null,
        what: 'parcels',
        at: '2026-11-20T12:00:00.000Z',
      },
      { organisation: COOP, member: null, apiKey: null, parcel: null, what: 'parcels', at: '2026-11-20T10:00:00.000Z' },
    ]);
    const user = userEvent.setup();
    renderApp('/user/organisations');
    const page = await screen.findByTestId('consent-page', {}, { timeout: 10_000 });
    const form = within(page).getByTestId('grant-form');
    await user.type(within(form).getByLabelText('رمز الهيئة'), 'ZZZZ9999');
    await user.click(within(form).getByRole('button', { name: 'منح الإذن' }));
    expect((await within(form).findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'لا توجد هيئة بهذا الرمز. تحقّق منه لدى الهيئة.',
    );
    const reads = await within(page).findAllByTestId('read-item', {}, { timeout: 10_000 });
    expect(reads.map((r) => r.textContent)).toEqual([
      '21 نوفمبر 2026 — اطّلع Amina (Coopérative de la Mitidja) على القطعة Vignoble.',
      '20 نوفمبر 2026 — اطّلع مفتاح API «SIG coopérative» (Coopérative de la Mitidja) على قائمة قطعك.',
      '20 نوفمبر 2026 — اطّلع عضو سابق (Coopérative de la Mitidja) على قائمة قطعك.',
    ]);
  });
});
