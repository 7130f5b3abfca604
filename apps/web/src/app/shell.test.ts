import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellTable } from '../../build/route-shell.ts';
import { releaseShellWhenReady } from './shell.ts';

/** index.html's second inline script with the build's table in it, as the browser runs it. */
function runShellScript() {
  const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .find((s) => s.includes('/*route-shell*/'));
  if (!script) throw new Error('index.html has no route-shell script');
  new Function(script.replace(/\/\*route-shell\*\/\s*\{\}/, JSON.stringify(shellTable())))();
}

const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'i18n', 'locales', lang, `${ns}.json`), 'utf8')) as {
    [key: string]: { [key: string]: string } & { title: string };
  };

function open(path: string, lang: 'ar' | 'fr', token: string | null) {
  window.history.replaceState(null, '', path);
  document.documentElement.lang = lang;
  document.body.innerHTML = '<div id="root"></div>';
  if (token) localStorage.setItem('Token', token);
  else localStorage.removeItem('Token');
  document.documentElement.removeAttribute('data-shell');
  runShellScript();
  return document.getElementById('root')!;
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-shell');
});

describe("index.html's loading frame (build/route-shell.ts)", () => {
  it("paints the farm map's frame with its title in the visitor's language, signed in only", () => {
    for (const lang of ['ar', 'fr'] as const) {
      open('/user/ferme-map', lang, 'tk');
      expect(document.querySelector('#shell h1')?.textContent).toBe(locale(lang, 'farm').title);
      expect(document.querySelector('#shell [data-brand]')?.textContent).toBe(locale(lang, 'common').brand!.name);
      expect(document.documentElement.hasAttribute('data-shell')).toBe(true);
      // The frame comes before the root, which it stands in for.
      expect(document.body.firstElementChild?.id).toBe('shell');
    }
    open('/user/ferme-map', 'ar', null);
    expect(document.getElementById('shell')).toBeNull();
    expect(document.documentElement.hasAttribute('data-shell')).toBe(false);
  });

  it('paints the sign-in frame for a signed-out visitor only, and nothing for a screen without a title', () => {
    open('/auth/signin', 'fr', null);
    expect(document.querySelector('#shell h1')?.textContent).toBe(
      (locale('fr', 'auth').signIn as unknown as { title: string }).title,
    );
    open('/auth/SignIn', 'fr', 'tk');
    expect(document.getElementById('shell')).toBeNull();
    open('/user/profile', 'ar', 'tk');
    expect(document.getElementById('shell')).toBeNull();
    open('/', 'ar', null);
    expect(document.getElementById('shell')).toBeNull();
  });

  it('declares a title for the screens of issue 13 §4 in both languages', () => {
    const table = shellTable();
    const paths = table.r.map((r) => r[0]);
    expect(paths).toEqual(expect.arrayContaining(['^/auth/SignIn/?$', '^/user/ferme-map/?$', '^/user/marketplace/?$']));
    expect(table.t.ar).toHaveLength(table.t.fr!.length);
    expect(table.t.ar).not.toEqual(table.t.fr);
  });
});

describe('releaseShellWhenReady (app/shell.ts)', () => {
  it('keeps the frame while the app shows no title, and takes it away when it shows one', async () => {
    const root = open('/user/ferme-map', 'ar', 'tk');
    releaseShellWhenReady(root);
    root.innerHTML = '<div aria-busy="true"></div>';
    await Promise.resolve();
    expect(document.getElementById('shell')).not.toBeNull();
    root.innerHTML = '<main><h1>خريطة المؤشرات</h1></main>';
    await Promise.resolve();
    expect(document.getElementById('shell')).toBeNull();
    expect(document.documentElement.hasAttribute('data-shell')).toBe(false);
  });

  it('takes the frame away when the address changes (the app sent the visitor elsewhere)', async () => {
    const root = open('/user/ferme-map', 'ar', 'tk');
    releaseShellWhenReady(root);
    window.history.replaceState(null, '', '/auth/SignIn?next=%2Fuser%2Fferme-map');
    root.innerHTML = '<div></div>';
    await Promise.resolve();
    expect(document.getElementById('shell')).toBeNull();
  });

  it('takes the frame away after the time limit whatever happens', () => {
    vi.useFakeTimers();
    const root = open('/user/marketplace', 'fr', 'tk');
    releaseShellWhenReady(root, 1000);
    vi.advanceTimersByTime(999);
    expect(document.getElementById('shell')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById('shell')).toBeNull();
  });
});
