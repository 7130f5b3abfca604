/**
 * The loading frame index.html paints for a screen opened directly (app/shellMarkup.ts, build/route-shell.ts):
 * `#shell`, over the app's root, which stays hidden (laid out, so sizes measure right) while the frame is up.
 * It goes as soon as the app's root shows a title of its own (the screen, or wherever the app sent the visitor:
 * sign-in, an access screen), when the address changes, or after SHELL_MAX_MS whatever happens, so a screen that
 * never shows a title is never hidden for long.
 */
export const SHELL_MAX_MS = 15_000;

export function releaseShellWhenReady(root: HTMLElement, maxMs = SHELL_MAX_MS): void {
  const shell = document.getElementById('shell');
  if (!shell) return;
  const path = window.location.pathname;
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    shell.remove();
    document.documentElement.removeAttribute('data-shell');
  };
  const observer = new MutationObserver(() => {
    if (root.querySelector('h1') || window.location.pathname !== path) release();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(release, maxMs);
}
