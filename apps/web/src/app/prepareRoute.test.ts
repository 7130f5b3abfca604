import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/fetch.ts';
import { profileAnswer } from '../../test/fixtures.ts';
import { i18n } from '../i18n/index.ts';
import { PAGES } from './pages.ts';
import { prepareRoute } from './prepareRoute.ts';
import { AreaLayout, AreaPageView, SignInPage } from './routes.tsx';

/**
 * app/prepareRoute.ts: before the app's first render (app/boot.tsx), the screen opened directly has its code, its
 * strings and, on a signed-in screen, its session; its first render then suspends nowhere.
 */
describe('prepareRoute', () => {
  it('a signed-in screen: the frame, the page switch, the page, their strings and the session', async () => {
    localStorage.setItem('Token', 'good.jwt');
    const { calls } = stubApi({ 'GET /api/users/profile': () => json(200, profileAnswer({ roleName: 'User' })) });
    const frame = vi.spyOn(AreaLayout, 'preload');
    const page = vi.spyOn(PAGES.farmMap, 'preload');
    const other = vi.spyOn(PAGES.marketplace, 'preload');
    const reads = vi.spyOn(PAGES.farmMap, 'prepare');
    // react-router matches paths case-insensitively; so does this.
    const session = await prepareRoute('/user/Ferme-Map', null, '?parcel=4');
    expect(session).toEqual({ status: 'authenticated', role: 'User' });
    expect(calls.map((c) => c.url)).toEqual(['/api/users/profile']);
    expect(frame).toHaveBeenCalled();
    expect(page).toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
    // The page's first reads too (features/farm/prepareFarmMap.ts), with the address's query string.
    expect(reads).toHaveBeenCalledWith('?parcel=4');
    for (const ns of ['layout', 'messaging', 'alerts', 'farm', 'errors', 'validation']) {
      expect(i18n.hasLoadedNamespace(ns), ns).toBe(true);
    }
  });

  it('a known session is not asked again; a rejected token gives an anonymous session', async () => {
    localStorage.setItem('Token', 'good.jwt');
    const first = stubApi({});
    const known = { status: 'authenticated', role: 'User' } as const;
    expect(await prepareRoute('/user/marketplace', known)).toBeNull();
    // No session check (the page's own first reads are asked: the marketplace's list and categories).
    expect(
      first.calls.map((c) => c.url).filter((u) => !u.startsWith('/api/publications/all') && u !== '/api/sellerRoles'),
    ).toEqual([]);

    localStorage.setItem('Token', 'expired.jwt');
    stubApi({ 'GET /api/users/profile': () => json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }) });
    expect(await prepareRoute('/user/marketplace')).toEqual({ status: 'anonymous' });
  });

  it('sign-in: its page and strings, no session check; other screens: nothing', async () => {
    const { calls } = stubApi({});
    const signIn = vi.spyOn(SignInPage, 'preload');
    const pageSwitch = vi.spyOn(AreaPageView, 'preload');
    expect(await prepareRoute('/auth/SignIn')).toBeNull();
    expect(signIn).toHaveBeenCalled();
    expect(i18n.hasLoadedNamespace('auth')).toBe(true);
    expect(await prepareRoute('/about')).toBeNull();
    // Without a token a signed-in screen is not prepared: the guard sends the visitor to sign-in.
    expect(await prepareRoute('/user/ferme-map')).toBeNull();
    expect(pageSwitch).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('code only (the sign-in page, while it signs in): the frame and the page, no session and no reads', async () => {
    const { calls } = stubApi({});
    const frame = vi.spyOn(AreaLayout, 'preload');
    const page = vi.spyOn(PAGES.farmMap, 'preload');
    const reads = vi.spyOn(PAGES.farmMap, 'prepare');
    expect(await prepareRoute('/user/ferme-map', null, '?parcel=4', { codeOnly: true })).toBeNull();
    expect(frame).toHaveBeenCalled();
    expect(page).toHaveBeenCalled();
    expect(reads).not.toHaveBeenCalled();
    expect(i18n.hasLoadedNamespace('farm')).toBe(true);
    expect(calls).toHaveLength(0);
  });
});
