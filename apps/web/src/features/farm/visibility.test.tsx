import { Suspense, type ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppShell } from '../../app/App.tsx';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { stubResizeObserver } from '../../../test/dom.ts';
import { json, reply, stubContracts } from '../../../test/fetch.ts';
import { signInFarmer } from '../../../test/session.ts';
import { renderApp } from '../../../test/render.tsx';
import type { HistoryItem } from './farmApi.ts';
import { VisibilityBadge } from './ResultPanels.tsx';
import { IMAGE, NDVI_INDEX as INDEX, PARCEL, gridBytes, historyItem, parcelHistoryStubs, status } from './testData.ts';

/** French percentages carry a (narrow) no-break space before the sign: compared as a plain space. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const mount = (node: ReactNode) => render(<Suspense fallback={null}>{node}</Suspense>);

function farmer(history: HistoryItem[] = []) {
  return stubContracts(
    {
      'GET /parcelle': () => reply(200, [PARCEL]),
      ...parcelHistoryStubs(history),
      'POST /images/:indexName': () => reply(200, { ...IMAGE, stats: { ...IMAGE.stats, validFraction: 0.87 } }),
    },
    {
      ...signInFarmer(),
      'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
      'GET /api/files/r/NDVI.fvg': () => new Response(new Uint8Array(gridBytes()), { status: 200 }),
    },
  );
}

// recharts (history trend) measures its box.
beforeEach(() => stubResizeObserver());
afterEach(() => queryClient.clear());

describe('visibility badge', () => {
  it('says how much of the parcel is visible and the minimum, in French', async () => {
    await i18n.changeLanguage('fr');
    mount(<VisibilityBadge validFraction={0.87} minValidFraction={0.6} />);
    const badge = await screen.findByTestId('farm-visibility');
    expect(plain(badge.textContent)).toBe('Parcelle visible à 87 % (min. 60 %)');
    expect(badge.getAttribute('title')).toContain('En dessous du minimum');
    expect(badge.hasAttribute('data-whole')).toBe(false);
  });

  it('says it in Arabic, and without a known minimum only the share', async () => {
    await i18n.changeLanguage('ar');
    const { unmount } = mount(<VisibilityBadge validFraction={0.87} minValidFraction={0.6} />);
    expect((await screen.findByTestId('farm-visibility')).textContent).toBe('القطعة مرئية بنسبة 87% (الحد الأدنى 60%)');
    unmount();
    mount(<VisibilityBadge validFraction={1} />);
    const whole = await screen.findByTestId('farm-visibility');
    expect(whole.textContent).toBe('القطعة مرئية بنسبة 100%');
    expect(whole.hasAttribute('data-whole')).toBe(true);
  });
});

// Whole screens (router, queries, map): slower than the 5 s default on a loaded machine.
describe('the valid fraction with every result', { timeout: 30_000 }, () => {
  it('on the farm map, above the map once the image arrives (French)', async () => {
    await i18n.changeLanguage('fr');
    farmer();
    render(
      <MemoryRouter initialEntries={[`/user/ferme-map?parcel=${PARCEL.id}`]}>
        <AppShell />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: "Générer l'image" }));
    const badge = await screen.findByTestId('farm-visibility');
    expect(plain(badge.textContent)).toBe('Parcelle visible à 87 % (min. 60 %)');
    // Near the top of the result: before the map in the document.
    const map = screen.getByRole('region', { name: 'Carte satellite de vos parcelles' });
    expect(badge.compareDocumentPosition(map) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Another index resets the result, and the badge with it.
    await userEvent.click(screen.getByRole('radio', { name: /NDMI/ }));
    expect(screen.queryByTestId('farm-visibility')).toBeNull();
  });

  it('on each image of the history (Arabic)', async () => {
    await i18n.changeLanguage('ar');
    farmer([historyItem(3, '2025-08-20', { validFraction: 0.72 }), historyItem(2, '2025-08-15', { validFraction: 1 })]);
    renderApp(`/user/historique/${INDEX.id}/${PARCEL.id}`);
    const entries = await screen.findAllByTestId('farm-history-entry');
    expect(entries.map((e) => within(e).getByTestId('farm-visibility').textContent)).toEqual([
      'القطعة مرئية بنسبة 72% (الحد الأدنى 60%)',
      'القطعة مرئية بنسبة 100% (الحد الأدنى 60%)',
    ]);
  });

  it('on the parcel page, with the latest image (French)', async () => {
    await i18n.changeLanguage('fr');
    farmer([historyItem(3, '2025-08-20', { validFraction: 0.648 })]);
    renderApp(`/user/ferme-map/${PARCEL.id}`);
    const badge = await screen.findByTestId('farm-visibility');
    expect(plain(badge.textContent)).toBe('Parcelle visible à 64,8 % (min. 60 %)');
  });
});
