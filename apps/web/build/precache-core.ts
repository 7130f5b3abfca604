import type { Plugin, Rollup } from 'vite';

/**
 * Issue 27 §1: the first visit's precache was one list of about 130 files, fetched one at a time by the worker's
 * install (Workbox), so on a weak link (400 ms round trip, 50 kB/s) the app was ready offline a minute after the
 * first paint, and the farmer's own screens waited behind the back office's. The worker now precaches the
 * farmer's core at install — the shell, the router and the signed-in frame, the farm map, the parcel page, the
 * season curve, the map and its offline base map, the services form, the alerts, the sign-in page and their
 * strings — and the rest (back office, seller, marketplace, compare, messaging…) once the page asks, on idle
 * (src/sw/sw.ts, src/lib/pwa.ts).
 *
 * Source modules of the core; a chunk holding one of them is core, with every chunk it imports statically and
 * their styles and assets.
 */
export const CORE_MODULES =
  /[\\/]apps[\\/]web[\\/]src[\\/](?:main\.tsx|app[\\/]|i18n[\\/][^\\/]+\.ts$|features[\\/](?:areas[\\/]|farm[\\/](?!compare[\\/])|services[\\/]|alerts[\\/]|basemap[\\/]|demo[\\/]|public[\\/]PublicLayout|auth[\\/]SignInPage)|i18n[\\/]locales[\\/]\w+[\\/](?:common|home|layout|messaging|alerts|errors|validation|auth|farm|services)\.json$)/;

let core: string[] | null = null;

/** The core files of a bundle (file names under dist/), entry included. */
export function coreFiles(bundle: Rollup.OutputBundle): string[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );
  const files = new Set<string>();
  const add = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    // Not the Arabic webfont (88 KB): the app uses it only once fetched after the first screen (lib/webfont.ts), and
    // offline the system font reads as well.
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) if (!asset.endsWith('.woff2')) files.add(asset);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) add(imported);
    }
  };
  for (const chunk of chunks.values())
    if (chunk.isEntry || chunk.moduleIds.some((id) => CORE_MODULES.test(id))) add(chunk);
  return [...files].sort();
}

/**
 * Two plugins: `collect` in the app's build notes the core files of its bundle; `inject`, in the service worker's
 * build (vite-plugin-pwa's `injectManifest.buildPlugins.vite`, which runs after the app's bundle is written),
 * defines `__FILAHA_CORE__` with them for src/sw/sw.ts.
 */
export const precacheCore = {
  collect: (): Plugin => ({
    name: 'filaha:precache-core',
    apply: 'build',
    generateBundle(_options, bundle) {
      core = coreFiles(bundle);
    },
  }),
  inject: (): Plugin => ({
    name: 'filaha:precache-core-define',
    config: () => ({ define: { __FILAHA_CORE__: JSON.stringify(core) } }),
  }),
};
