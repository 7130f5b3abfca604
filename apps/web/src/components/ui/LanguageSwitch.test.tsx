import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

describe('Ar/Fr switch', () => {
  it('starts in Arabic, right to left', async () => {
    stubApi({});
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /تابِع محاصيلك/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('switches to French at once, sets lang/dir on <html> and remembers the choice', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const [fr] = screen.getAllByRole('button', { name: 'Fr' });
    await user.click(fr!);
    expect(await screen.findByRole('heading', { level: 1, name: /Suivez vos cultures depuis l'espace/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('lang')).toBe('fr');
    expect(screen.getAllByRole('button', { name: 'Fr' })[0]?.getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getAllByRole('button', { name: 'Ar' })[0]!);
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(localStorage.getItem('lang')).toBe('ar');
  });

  it('translates the auth screens too (no raw keys)', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderApp('/auth/SignIn');
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Fr' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\b(signIn|fields|nav|footer)\.[a-zA-Z]+/);
  });
});
