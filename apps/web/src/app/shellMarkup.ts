/**
 * The screen's frame painted from index.html before the app's code has arrived (issue 13 §4): on a weak
 * connection the main script takes seconds to arrive and run, and until then the visitor saw a blank page. The
 * build (build/route-shell.ts) copies these two frames into index.html; its inline script picks the one of the
 * opened route, puts the screen's title (in the visitor's language) into the `h1` and the brand name into
 * `[data-brand]`, and app/shell.ts takes the frame away when the app shows its own title. The classes mirror
 * AreaLayout (signed-in) and PublicFrame + AuthCard (sign-in, sign-up); this file is among the sources of the
 * first-paint stylesheet (styles.css), so every class here is in it. Read at build time only.
 */

// Inline styles where no breakpoint is involved: utility classes used only here would add their rules (and, for
// shadows and gradients, Tailwind's variable plumbing) to the stylesheet every page downloads, home included.
const logo =
  '<svg viewBox="0 0 32 32" width="32" height="32" style="flex-shrink:0" aria-hidden="true">' +
  '<rect width="32" height="32" rx="8" fill="#14532d"/>' +
  '<path d="M16 25V12m0 5c-4 0-6-3-6-6 4 0 6 2 6 6zm0-2c4 0 6-3 6-6-4 0-6 2-6 6z" stroke="#bef264" stroke-width="2" ' +
  'fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Grey bars where the screen's content will be: a loading frame, not content. */
const bar = (height: number, width = '100%') =>
  `<div style="height:${height}px;width:${width};margin-top:12px;border-radius:8px;background:#e7e5e4"></div>`;
const bars = `<div class="mt-6" aria-hidden="true">${bar(40)}${bar(160)}${bar(40, '66%')}</div>`;

export const SHELL_FRAMES = {
  /** A signed-in screen: the phone's header bar or the sidebar, and the page with its title. */
  area:
    '<div class="min-h-dvh md:flex">' +
    '<div class="flex items-center gap-3 bg-brand-900 px-4 text-white md:hidden" style="height:56px">' +
    '<span style="width:40px"></span>' +
    logo +
    '<span class="font-bold" data-brand></span></div>' +
    '<div class="hidden bg-brand-900 md:block" style="position:sticky;top:0;height:100dvh;width:16rem"></div>' +
    // From 768 px the page has the alerts bell's row above its title (AreaLayout): the same space here.
    '<div class="min-w-0 flex-1 p-4 md:p-8"><div class="hidden md:block" style="height:36px"></div>' +
    '<h1 class="text-2xl font-bold text-stone-900"></h1>' +
    bars +
    '</div></div>',
  /** Sign-in and sign-up: the public top bar and the form's card with its title. */
  auth:
    '<div class="flex min-h-dvh flex-col"><div class="border-b border-stone-200 bg-white">' +
    '<div class="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">' +
    logo +
    '<span class="text-lg font-bold text-brand-900" data-brand></span></div></div>' +
    '<div class="px-4 py-12" style="background:linear-gradient(#f0fdf4,#fdfaf3)">' +
    '<div class="mx-auto w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6" ' +
    'style="box-shadow:0 1px 3px 0 rgb(0 0 0 / 0.1),0 1px 2px -1px rgb(0 0 0 / 0.1)">' +
    '<h1 class="text-2xl font-bold text-stone-900"></h1>' +
    bars +
    '</div></div></div>',
} as const;

export type ShellFrame = keyof typeof SHELL_FRAMES;
