/**
 * The screen's frame painted from index.html before the app's code has arrived (issue 13 §4): on a weak
 * connection the main script takes seconds to arrive and run, and until then the visitor saw a blank page. The
 * build (build/route-shell.ts) copies these two frames into index.html; its inline script picks the one of the
 * opened route, puts the screen's title (in the visitor's language) into the `h1` and the brand name into
 * `[data-brand]`, and app/shell.ts takes the frame away when the app shows its own title. The classes mirror
 * AreaLayout (signed-in) and PublicFrame + AuthCard (sign-in, sign-up); this file is among the sources of the
 * first-paint stylesheet (styles.css), so every class here is in it. Read at build time only.
 */

const logo =
  '<svg viewBox="0 0 32 32" class="size-8 shrink-0" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#14532d"/>' +
  '<path d="M16 25V12m0 5c-4 0-6-3-6-6 4 0 6 2 6 6zm0-2c4 0 6-3 6-6-4 0-6 2-6 6z" stroke="#bef264" stroke-width="2" ' +
  'fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Grey bars where the screen's content will be: a loading frame, not content. */
const bars =
  '<div class="mt-6 space-y-3 animate-pulse" aria-hidden="true">' +
  '<div class="h-10 rounded-lg bg-stone-200"></div><div class="h-40 rounded-lg bg-stone-200"></div>' +
  '<div class="h-10 w-2/3 rounded-lg bg-stone-200"></div></div>';

export const SHELL_FRAMES = {
  /** A signed-in screen: the phone's header bar or the sidebar, and the page with its title. */
  area:
    '<div class="min-h-dvh bg-sand-50 md:flex">' +
    '<div class="flex h-14 items-center gap-3 bg-brand-900 px-4 text-white md:hidden">' +
    '<span class="size-10"></span>' +
    logo +
    '<span class="font-bold" data-brand></span></div>' +
    '<div class="hidden bg-brand-900 md:sticky md:top-0 md:block md:h-dvh md:w-64"></div>' +
    '<div class="min-w-0 flex-1 p-4 md:p-8"><h1 class="text-2xl font-bold text-stone-900"></h1>' +
    bars +
    '</div></div>',
  /** Sign-in and sign-up: the public top bar and the form's card with its title. */
  auth:
    '<div class="flex min-h-dvh flex-col"><div class="border-b border-stone-200 bg-white">' +
    '<div class="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">' +
    logo +
    '<span class="text-lg font-bold text-brand-900" data-brand></span></div></div>' +
    '<div class="bg-gradient-to-b from-brand-50 to-sand-50 px-4 py-12 sm:py-16">' +
    '<div class="mx-auto w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">' +
    '<h1 class="text-2xl font-bold text-stone-900"></h1>' +
    bars +
    '</div></div></div>',
} as const;

export type ShellFrame = keyof typeof SHELL_FRAMES;
