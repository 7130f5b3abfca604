import { readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { AREAS } from '../src/app/areas.ts';
import { AREA_SHELL, PAGE_PRELOAD, PUBLIC_PRELOAD, type ScreenPreload } from '../src/app/routePreload.ts';

/** The map literal in index.html's inline script (formatters may put a space after the marker). */
const PLACEHOLDER = /\/\*route-preload\*\/\s*\{\}/;
// import.meta.dirname, not a file URL: the web tests load this module under jsdom, whose URL is not node's.
const SRC = join(import.meta.dirname, '..', 'src') + sep;

/** `PAGES` of src/app/pages.ts: page key → module under src/ (`key: page(() => import('../features/…'))`). */
function pageModules(): Map<string, string> {
  const text = readFileSync(`${SRC}app/pages.ts`, 'utf8');
  const found = new Map<string, string>();
  for (const m of text.matchAll(/(\w+): page\(\s*\(\) => import\('\.\.\/([^']+)'\)/g)) found.set(m[1]!, m[2]!);
  return found;
}

/** `/user/ferme-map/:parcelId` → a case-insensitive pattern of the path (react-router matches that way). */
export const pattern = (path: string) => `^${path.replace(/:\w+/g, '[^/]+').replace(/[.]/g, '\\.')}/?$`;

/**
 * Issue 13 §4: a screen opened directly (a bookmark, a shared link, a reload) used to discover what it needs one
 * round trip at a time: main script → router → session check → area layout → page → its strings → its data,
 * each step ≥ 400 ms on a weak connection. The build knows every step in advance; this plugin writes, into the
 * inline script of index.html, per route: the chunks and styles of the router, the layout and the page (each
 * with everything it imports), the locale chunks of its namespaces, and its first API reads
 * (src/app/routePreload.ts). The inline script starts them all with the main script (modulepreload links and
 * fetches kept for lib/early.ts). The home page ("/") has no entry: its first paint is in the main bundle.
 */
export function routePreload(): Plugin {
  return {
    name: 'filaha:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        if (!PLACEHOLDER.test(html)) throw new Error('index.html lost its route-preload placeholder');
        const chunks = Object.values(ctx.bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('route-preload: no entry chunk');
        const byModule = new Map<string, Rollup.OutputChunk>();
        // Every module's chunk (a group of codeSplitting in vite.config.ts puts several modules in one).
        for (const c of chunks) for (const id of c.moduleIds) byModule.set(id.replaceAll('\\', '/'), c);
        const chunkOf = (module: string) => {
          const c = byModule.get(`${SRC.replaceAll('\\', '/')}${module}`);
          if (!c) throw new Error(`route-preload: no chunk for src/${module}`);
          return c;
        };
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        // Loaded by index.html already: the entry and its styles.
        const skip = new Set([entry.fileName, ...(entry.viteMetadata?.importedCss ?? [])]);
        const files: string[] = [];
        const indexOf = (file: string) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        };
        /** A chunk, every chunk it imports statically, and their styles (as file indices). */
        const closure = (start: Rollup.OutputChunk, into: Set<number>) => {
          const seen = new Set<string>();
          const visit = (c: Rollup.OutputChunk) => {
            if (seen.has(c.fileName)) return;
            seen.add(c.fileName);
            if (!skip.has(c.fileName)) into.add(indexOf(c.fileName));
            for (const css of c.viteMetadata?.importedCss ?? []) if (!skip.has(css)) into.add(indexOf(css));
            for (const dep of c.imports) {
              const next = byName.get(dep);
              if (next) visit(next);
            }
          };
          visit(start);
          return into;
        };
        // Locale chunks: namespace → file index, per language.
        const locales: Record<string, Record<string, number>> = {};
        for (const c of chunks) {
          for (const id of c.moduleIds) {
            const m = /[\\/]i18n[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/.exec(id);
            if (m) (locales[m[1]!] ??= {})[m[2]!] = indexOf(c.fileName);
          }
        }
        const router = closure(chunkOf('app/App.tsx'), new Set());
        // [path pattern, file indices, namespaces, API reads, 1 if only for a signed-in visitor, 1 if the latest
        // acquisition follows the indices]
        const routes: [string, number[], string[], string[], 0 | 1, 0 | 1][] = [];
        const add = (path: string, signedIn: 0 | 1, code: Set<number>, ...needs: ScreenPreload[]) =>
          routes.push([
            pattern(path),
            [...code],
            [...new Set(needs.flatMap((n) => n.namespaces))],
            [...new Set(needs.flatMap((n) => n.api))],
            signedIn,
            needs.some((n) => n.latestAcquisition) ? 1 : 0,
          ]);
        for (const p of PUBLIC_PRELOAD) add(p.path, 0, closure(chunkOf(p.module), new Set(router)), p);
        const pages = pageModules();
        const shell = new Set(router);
        closure(chunkOf('app/restoreSession.ts'), shell);
        closure(chunkOf('features/areas/AreaLayout.tsx'), shell);
        closure(chunkOf('features/areas/AreaPageView.tsx'), shell);
        for (const area of AREAS) {
          for (const route of area.routes) {
            const module = pages.get(route.page);
            if (!module) throw new Error(`route-preload: page ${route.page} not found in src/app/pages.ts`);
            const code = closure(chunkOf(module), new Set(shell));
            add(
              `${area.base}/${route.path}`,
              1,
              code,
              AREA_SHELL,
              PAGE_PRELOAD[route.page] ?? { namespaces: [], api: [] },
            );
          }
        }
        // ROUTE_PRELOAD_DEBUG=<file>: every chunk with its modules and their sizes, to see what the groups did.
        if (process.env.ROUTE_PRELOAD_DEBUG) {
          const dump = Object.fromEntries(
            chunks.map((c) => [
              c.fileName,
              {
                size: c.code.length,
                modules: c.moduleIds,
                lengths: Object.fromEntries(Object.entries(c.modules ?? {}).map(([k, m]) => [k, m.renderedLength])),
              },
            ]),
          );
          writeFileSync(process.env.ROUTE_PRELOAD_DEBUG, JSON.stringify(dump, null, 1));
        }
        // m: the main script, which the screen's code files wait for (index.html).
        const data = { f: files.map((f) => `/${f}`), l: locales, r: routes, m: `/${entry.fileName}` };
        return html.replace(PLACEHOLDER, JSON.stringify(data));
      },
    },
  };
}
