import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * index.html carries one tiny inline script (lang/dir before first paint). A CSP of `script-src 'self'`
 * blocks it unless its hash is allowed, so the build writes the hashes to dist/csp.json for the server:
 * `{ "scriptSrc": ["'sha256-…'"] }`.
 */
export function cspHashes(): Plugin {
  return {
    name: 'filaha:csp-hashes',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? 'dist';
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      const scriptSrc = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) =>
          `'sha256-${createHash('sha256')
            .update(m[1] ?? '', 'utf8')
            .digest('base64')}'`,
      );
      writeFileSync(join(outDir, 'csp.json'), `${JSON.stringify({ scriptSrc }, null, 2)}\n`);
    },
  };
}
