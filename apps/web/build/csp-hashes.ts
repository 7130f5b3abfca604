import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    writeBundle: {
      // After build/prerender-home.ts has written the home pages and their guard script.
      order: 'post',
      handler(options) {
        const outDir = options.dir ?? 'dist';
        const scriptSrc = new Set<string>();
        // index.html and the pre-rendered home pages (build/prerender-home.ts, written before this runs).
        for (const file of readdirSync(outDir).filter((f) => f.endsWith('.html'))) {
          const html = readFileSync(join(outDir, file), 'utf8');
          for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
            scriptSrc.add(
              `'sha256-${createHash('sha256')
                .update(m[1] ?? '', 'utf8')
                .digest('base64')}'`,
            );
          }
        }
        writeFileSync(join(outDir, 'csp.json'), `${JSON.stringify({ scriptSrc: [...scriptSrc] }, null, 2)}\n`);
      },
    },
  };
}
