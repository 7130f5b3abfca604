import './styles.css';
import './i18n/index.ts';
import { boot } from './app/boot.tsx';
import { applyLangToDocument, storedLang } from './i18n/languages.ts';

// The inline script of index.html does this before first paint; if a CSP without its hash blocked it,
// this still runs before React renders anything.
applyLangToDocument(storedLang());

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
boot(root);
if (import.meta.env.PROD) void import('./lib/pwa.ts').then(({ registerServiceWorker }) => registerServiceWorker());
