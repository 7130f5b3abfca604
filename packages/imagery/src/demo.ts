import { fileURLToPath } from 'node:url';

/** Absolute path of the bundled offline demo catalog (Mitidja plain), built by scripts/make-demo-catalog.ts. */
export const DEMO_CATALOG_PATH = fileURLToPath(new URL('../demo-catalog/', import.meta.url)).replace(/\/$/, '');
