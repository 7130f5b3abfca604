import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { forgetPublicSettings, type PublicSettings } from '../../lib/publicSettings.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { InactiveScreen } from '../farm/AccessScreens.tsx';
import { LimitModal } from '../farm/LimitModal.tsx';
import { Footer } from './Footer.tsx';

const SET: PublicSettings = {
  contact: { phone: '+213 21 45 67 89', email: 'contact@cooperative.dz', address: 'Zone industrielle, Blida' },
  servicePrices: { soil: null, other: null },
  demoImagery: false,
};
const UNSET: PublicSettings = {
  contact: { phone: null, email: null, address: null },
  servicePrices: { soil: null, other: null },
  demoImagery: false,
};

const withSettings = (settings: PublicSettings) => stubApi({ 'GET /api/settings/public': () => json(200, settings) });

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

afterEach(() => forgetPublicSettings());

describe('contact details are settings of the deployment', () => {
  it('footer: shows the phone, e-mail and address once known, in Arabic', async () => {
    withSettings(SET);
    inRouter(<Footer />);
    const phone = await screen.findByRole('link', { name: '+213 21 45 67 89' });
    expect(phone.getAttribute('href')).toBe('tel:+21321456789');
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('link', { name: 'contact@cooperative.dz' }).getAttribute('href')).toBe(
      'mailto:contact@cooperative.dz',
    );
    expect(screen.getByText('Zone industrielle, Blida')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'اتصل بنا' })).toBeTruthy();
  });

  it('footer: shows no contact block at all when nothing is set, in French, and never a placeholder', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = withSettings(UNSET);
    inRouter(<Footer />);
    await expect.poll(() => calls.length).toBe(1);
    // Let the answer land, then check nothing appeared.
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('heading', { name: 'Nous contacter' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^tel:|\+213/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/23 00 00 00|contact@filaha\.dz|Bab Ezzouar/);
    expect(screen.getByRole('link', { name: 'Offres' })).toBeTruthy();
  });

  it('the limit dialog and the inactive-subscription screen show the support phone only when set', async () => {
    withSettings(SET);
    const payload = {
      code: 'QUOTA_EXHAUSTED' as const,
      message_ar: 'استنفدت طلباتك.',
      message_fr: 'Quota atteint.',
    };
    const { unmount } = inRouter(<LimitModal payload={payload} onClose={() => {}} />);
    const dialog = await screen.findByRole('alertdialog');
    expect((await within(dialog).findByRole('link', { name: '+213 21 45 67 89' })).getAttribute('href')).toBe(
      'tel:+21321456789',
    );
    unmount();

    inRouter(<InactiveScreen subscription={null} />);
    expect((await screen.findByRole('link', { name: /الدعم/ })).getAttribute('href')).toBe('tel:+21321456789');
  });

  it('without a phone setting, no support link is offered (French)', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = withSettings(UNSET);
    inRouter(<InactiveScreen subscription={null} />);
    expect(await screen.findByRole('link', { name: 'Mon Abonnement' })).toBeTruthy();
    await expect.poll(() => calls.length).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('link', { name: /Support/i })).toBeNull();
    expect(document.body.textContent).not.toContain('+213');
  });
});
