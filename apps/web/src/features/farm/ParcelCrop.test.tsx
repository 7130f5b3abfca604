import type { ParcelSeason } from '@filaha/shared/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { stubResizeObserver } from '../../../test/dom.ts';
import { json, reply, stubContracts } from '../../../test/fetch.ts';
import { signInFarmer } from '../../../test/session.ts';
import { renderApp } from '../../../test/render.tsx';
import { CONFIG, PARCEL, status } from './testData.ts';

beforeEach(() => {
  stubResizeObserver({ width: 340, height: 256 });
  // 10 March 2026: the season 2025–2026.
  vi.useFakeTimers({ now: new Date('2026-03-10T10:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

/** The parcel page of the demo farmer, with the server's record of the parcel's seasons. */
function farmer(seasons: ParcelSeason[], refuse = false) {
  return stubContracts(
    {
      'GET /parcelle': () => reply(200, [PARCEL]),
      'GET /parcelle/:id': () => reply(200, PARCEL),
      'GET /indice/:userId/indices': () => reply(200, CONFIG),
      'GET /parcelle/:id/seasons': () => reply(200, seasons),
      'PUT /parcelle/:id/seasons/:season': (call) => {
        if (refuse)
          return json(400, {
            code: 'VALIDATION_FAILED',
            message: 'x',
            issues: [{ path: 'sowingDate', code: 'outside_season', message: 'validation.sowingOutsideSeason' }],
          });
        const season = Number(call.url.split('/').pop());
        const saved: ParcelSeason = {
          ...(call.body as Omit<ParcelSeason, 'parcelId' | 'season' | 'updatedAt'>),
          parcelId: PARCEL.id,
          season,
          updatedAt: '2026-03-10T10:00:00.000Z',
        };
        seasons.splice(0, seasons.length, ...seasons.filter((s) => s.season !== season), saved);
        return reply(200, saved);
      },
    },
    {
      ...signInFarmer(),
      'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
      'GET /api/request/image': () => json(404, { code: 'NOT_FOUND', message: 'x' }),
    },
  );
}

const OLD: ParcelSeason = {
  parcelId: PARCEL.id,
  season: 2023,
  crop: 'durum_wheat',
  sowingDate: '2023-11-20',
  irrigated: false,
  irrigationSystem: null,
  flowRateM3h: null,
  updatedAt: '2023-11-21T10:00:00.000Z',
};

describe("the parcel's crop per season (issue 30 §2)", { timeout: 30_000 }, () => {
  it('records this season: irrigated potatoes by drip at 12.5 m³/h, and lists the older seasons (French)', async () => {
    await i18n.changeLanguage('fr');
    const seasons = [OLD];
    const { calls } = farmer(seasons);
    const user = userEvent.setup({ advanceTimers: () => undefined });
    renderApp(`/user/ferme-map/${PARCEL.id}`);
    const card = await screen.findByTestId('parcel-crop', {}, { timeout: 20_000 });
    await within(card).findByTestId('crop-history', {}, { timeout: 10_000 });
    expect(within(card).getByLabelText('Campagne')).toHaveProperty('value', '2025');
    expect((await within(card).findByTestId('crop-history', {}, { timeout: 10_000 })).textContent).toBe(
      '2023–2024 : Blé dur, semis le 20 novembre 2023 · En sec (pluvial)',
    );
    // Nothing is sent without a crop, nor irrigated without a system.
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(within(card).getByRole('alert').textContent).toBe('Choisissez la culture.');
    await user.selectOptions(within(card).getByLabelText('Culture'), 'Pomme de terre');
    await user.click(within(card).getByLabelText('Irriguée'));
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(within(card).getByRole('alert').textContent).toBe("Choisissez le système d'irrigation.");
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.selectOptions(within(card).getByLabelText("Système d'irrigation"), 'Goutte-à-goutte');
    await user.type(within(card).getByLabelText('Débit (m³/h)'), '12,5');
    await user.type(within(card).getByLabelText('Date de semis ou de plantation'), '2026-02-10');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(card).findByRole('status', {}, { timeout: 10_000 })).textContent).toBe('Enregistré.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toMatch(/\/api\/parcelle\/11\/seasons\/2025$/);
    expect(put.body).toEqual({
      crop: 'potato',
      sowingDate: '2026-02-10',
      irrigated: true,
      irrigationSystem: 'drip',
      flowRateM3h: 12.5,
    });
    expect(seasons.map((s) => s.season).sort()).toEqual([2023, 2025]);
  });

  it("shows the recorded crop of the season in Arabic, and the server's refusal in words", async () => {
    await i18n.changeLanguage('ar');
    const seasons: ParcelSeason[] = [{ ...OLD, season: 2025, sowingDate: '2025-11-20' }];
    farmer(seasons, true);
    const user = userEvent.setup({ advanceTimers: () => undefined });
    renderApp(`/user/ferme-map/${PARCEL.id}`);
    const card = await screen.findByTestId('parcel-crop', {}, { timeout: 20_000 });
    expect(await within(card).findByDisplayValue('قمح صلب', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(card).getByLabelText('بعلي (مطري)')).toHaveProperty('checked', true);
    // The season's years read left to right inside the Arabic sentence (isolated), not "2026–2025".
    const season = within(card).getByLabelText('الموسم') as HTMLSelectElement;
    expect(season.selectedOptions[0]?.textContent).toBe('\u20662025–2026\u2069');
    // The server refuses a sowing date outside the season: said in the farmer's language.
    await user.click(within(card).getByRole('button', { name: 'حفظ' }));
    expect((await within(card).findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'يجب أن يكون تاريخ الزرع داخل الموسم (من 1 سبتمبر إلى 31 أوت).',
    );
  });
});
