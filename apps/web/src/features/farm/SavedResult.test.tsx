import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setOnline } from '../../../test/dom.ts';
import { json, stubApi, type Call } from '../../../test/fetch.ts';
import { signInFarmer } from '../../../test/session.ts';
import { AppShell } from '../../app/App.tsx';
import { i18n } from '../../i18n/index.ts';
import { forgetSavedCopies } from '../../lib/offline.ts';
import { queryClient } from '../../lib/queries.ts';
import { SAVED_AT_HEADER } from '../../sw/routes.ts';
import type { HistoryItem } from './farmApi.ts';
import { lastParcelKey } from './lastParcel.ts';
import { CONFIG, IMAGE, PARCEL, gridBytes, status } from './testData.ts';

/**
 * Issue 13 §3 on the farm map itself: offline, or when Generate fails for lack of a network, the screen shows the
 * last result saved for the parcel × index (the parcel page's GET /api/request/image, kept by the service worker),
 * marked "saved on <date>"; a device that holds none says so.
 */
type Routes = Parameters<typeof stubApi>[0];

const STORED: HistoryItem = {
  id: 41,
  index: 'NDVI',
  imageUrl: '/api/files/r/NDVI.png?exp=1&sig=a',
  valuesUrl: '/api/files/r/NDVI.fvg?exp=1&sig=b',
  downloadUrl: '/api/files/r/NDVI.tif?exp=1&sig=c',
  dateDebut: '2025-08-14',
  dateFin: '2025-08-19',
  sceneId: 'S2_20250815',
  sceneDatetime: '2025-08-15T10:30:00Z',
  cloudFraction: 0.02,
  stats: IMAGE.stats,
  minValidFraction: 0.6,
  bounds: IMAGE.bounds,
  createdAt: '2025-08-19T08:00:00Z',
};

/** The service worker's kept copy: the stored answer with the date it was saved. */
const keptCopy = () =>
  new Response(JSON.stringify(STORED), {
    status: 200,
    headers: { 'Content-Type': 'application/json', [SAVED_AT_HEADER]: '2025-08-20T09:15:00.000Z' },
  });
const noNetwork = (): Response => {
  throw new TypeError('Failed to fetch');
};

function farmer(routes: Routes) {
  return stubApi({
    ...signInFarmer(),
    'GET /api/parcelle': () => json(200, [PARCEL]),
    'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
    'GET /api/indice/5/indices': () => json(200, CONFIG),
    'GET /api/images/latest-acquisition': noNetwork,
    'GET /api/files/r/NDVI.fvg': () => new Response(new Uint8Array(gridBytes()), { status: 200 }),
    ...routes,
  });
}

const open = () =>
  render(
    <MemoryRouter initialEntries={[`/user/ferme-map?parcel=${PARCEL.id}&index=1`]}>
      <AppShell />
    </MemoryRouter>,
  );

/** The note once the saved result is shown (a "reading…" line comes first). */
async function shownNote() {
  await waitFor(() => expect(screen.getByTestId('farm-saved-result').getAttribute('data-state')).toBe('shown'), {
    timeout: 15_000,
  });
  return screen.getByTestId('farm-saved-result');
}

const reads = (calls: Call[]) => calls.filter((c) => c.url.startsWith('/api/request/image'));

afterEach(() => {
  setOnline(true);
  forgetSavedCopies();
  queryClient.clear();
});

describe('farm map without a network: the last saved result', { timeout: 30_000 }, () => {
  it('French, offline: the saved result with its date, statistics and map layer; nothing is generated', async () => {
    await i18n.changeLanguage('fr');
    setOnline(false);
    const { calls } = farmer({ 'GET /api/request/image': keptCopy, 'POST /api/images/NDVI': noNetwork });
    open();
    const note = await shownNote();
    expect(within(note).getByTestId('saved-copy').textContent).toMatch(/^Dernier résultat enregistré le 20 août 2025/);
    expect(note.textContent).toContain('Période du 14 août 2025 au 19 août 2025.');
    const stats = await screen.findByTestId('farm-stats');
    expect(within(stats).getByText('0,421')).toBeTruthy();
    expect(reads(calls)[0]?.url).toBe(`/api/request/image?parcelleId=${PARCEL.id}&indiceId=1`);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // The stored values grid is read for the value under the finger.
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/files/r/NDVI.fvg'))).toBe(true));
  });

  it('opened fresh offline (no parcel in the link): the last used parcel and its saved result, no tap', async () => {
    await i18n.changeLanguage('fr');
    setOnline(false);
    localStorage.setItem(lastParcelKey(5), '12');
    const { calls } = farmer({
      'GET /api/parcelle': () => json(200, [PARCEL, { ...PARCEL, id: 12, parcelleId: 12, identifiantU: 'Oliviers' }]),
      'GET /api/request/image': keptCopy,
    });
    render(
      <MemoryRouter initialEntries={['/user/ferme-map']}>
        <AppShell />
      </MemoryRouter>,
    );
    const note = await shownNote();
    expect(within(note).getByTestId('saved-copy').textContent).toMatch(/^Dernier résultat enregistré le 20 août 2025/);
    expect(reads(calls).map((c) => c.url)).toEqual(['/api/request/image?parcelleId=12&indiceId=1']);
    expect((screen.getByLabelText('Parcelle') as HTMLSelectElement).value).toBe('12');
    expect(within(await screen.findByTestId('farm-stats')).getByText('0,421')).toBeTruthy();
    localStorage.removeItem(lastParcelKey(5));
  });

  it('Arabic, offline with nothing kept on the phone: says so, in Arabic', async () => {
    await i18n.changeLanguage('ar');
    setOnline(false);
    farmer({ 'GET /api/request/image': noNetwork });
    open();
    await screen.findByTestId('farm-saved-result', {}, { timeout: 15_000 });
    await waitFor(() => expect(screen.getByTestId('farm-saved-result').getAttribute('data-state')).toBe('none'));
    expect(screen.getByTestId('farm-saved-result').textContent).toBe(
      'غير متصل: لا توجد نتيجة محفوظة على هذا الهاتف لهذه القطعة وهذا المؤشر. يمكن إجراء حساب جديد عند عودة الاتصال.',
    );
    expect(screen.queryByTestId('farm-stats')).toBeNull();
  });

  it('Arabic, online: Generate fails for lack of a network → the saved result, with its Arabic date', async () => {
    await i18n.changeLanguage('ar');
    const { calls } = farmer({ 'GET /api/request/image': keptCopy, 'POST /api/images/NDVI': noNetwork });
    open();
    const generate = await screen.findByRole('button', { name: 'إنشاء الصورة' }, { timeout: 15_000 });
    // Online and nothing failed yet: no saved result is read or shown.
    expect(screen.queryByTestId('farm-saved-result')).toBeNull();
    expect(reads(calls)).toHaveLength(0);
    await waitFor(() => expect(generate).toHaveProperty('disabled', false));
    await userEvent.click(generate);
    const note = await shownNote();
    expect(within(note).getByTestId('saved-copy').textContent).toMatch(/^آخر نتيجة محفوظة بتاريخ 20 أوت 2025/);
    expect(await screen.findByTestId('farm-stats')).toBeTruthy();
  });

  it('online, a fresh result: no "saved" note, and the stored copy is read once so the phone keeps it', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer({
      'GET /api/request/image': () => json(200, STORED),
      'POST /api/images/NDVI': () => json(200, IMAGE),
    });
    open();
    const generate = await screen.findByRole('button', { name: "Générer l'image" }, { timeout: 15_000 });
    await waitFor(() => expect(generate).toHaveProperty('disabled', false));
    await userEvent.click(generate);
    await screen.findByTestId('farm-stats');
    await waitFor(() => expect(reads(calls).length).toBeGreaterThan(0));
    expect(screen.queryByTestId('farm-saved-result')).toBeNull();
  });
});
