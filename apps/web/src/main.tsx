import './styles.css';
import './i18n/index.ts';
import { boot } from './app/boot.tsx';
import { applyLangToDocument, storedLang } from './i18n/languages.ts';
import { releaseShellWhenReady } from './app/shell.ts';
import { firstInstallDone, registerServiceWorker } from './lib/pwa.ts';
import { startWebfont } from './lib/webfont.ts';

// The inline script of index.html does this before first paint; if a CSP without its hash blocked it,
// this still runs before React renders anything.
applyLangToDocument(storedLang());

// index.html always has it (a check here cost the home page's bytes, at its 95 KB limit: docs/PERFORMANCE.md).
const root = document.getElementById('root')!;
// The screen's loading frame painted by index.html (app/shell.ts) goes when the app shows its own title.
releaseShellWhenReady(root);
boot(root);
// Static (a few hundred bytes): one request less on every page than a lazy chunk. It waits for the page to settle.
if (import.meta.env.PROD) registerServiceWorker();
// On a first visit the Arabic webfont waits for the worker's install of the offline core (lib/pwa.ts).
startWebfont(firstInstallDone);
