import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppShell } from '../../app/App.tsx';
import { i18n } from '../../i18n/index.ts';
import { forgetPublicSettings } from '../../lib/publicSettings.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { CONFIG, PARCEL, status } from '../farm/testData.ts';
import { DemoImageryNote } from './DemoImageryNote.tsx';

const settings = (demoImagery: boolean) => () =>
  json(200, {
    contact: { phone: null, email: null, address: null },
    servicePrices: { soil: null, other: null },
    demoImagery,
  });

afterEach(() => {
  forgetPublicSettings();
  queryClient.clear();
});

describe('the bundled demo imagery is said to be synthetic', { timeout: 20_000 }, () => {
  it("on the demo farmer's farm map, in Arabic", async () => {
    localStorage.setItem('Token', 'jwt.farmer');
    stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' })),
      'GET /api/parcelle': () => json(200, [PARCEL]),
      'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
      'GET /api/indice/5/indices': () => json(200, CONFIG),
      'GET /api/settings/public': settings(true),
    });
    render(
      <MemoryRouter initialEntries={['/user/ferme-map']}>
        <AppShell />
      </MemoryRouter>,
    );
    const note = await screen.findByTestId('demo-imagery-note');
    expect(note.textContent).toContain('صور الأقمار الصناعية في هذه المنصة اصطناعية');
    expect(note.textContent).toContain('سهل متيجة');
    expect(note.textContent).toContain('من فيفري إلى أكتوبر 2025');
    expect(note.getAttribute('role')).toBe('note');
  });

  it('in French, and not at all on a deployment with real imagery', async () => {
    await i18n.changeLanguage('fr');
    stubApi({ 'GET /api/settings/public': settings(true) });
    const { unmount } = render(<DemoImageryNote />);
    expect((await screen.findByTestId('demo-imagery-note')).textContent).toMatch(
      /images satellite de cette plateforme sont synthétiques.*de février à octobre 2025/,
    );
    unmount();
    forgetPublicSettings();

    const { calls } = stubApi({ 'GET /api/settings/public': settings(false) });
    render(<DemoImageryNote />);
    await expect.poll(() => calls.length).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByTestId('demo-imagery-note')).toBeNull();
  });
});
