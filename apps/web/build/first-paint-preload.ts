import type { Plugin } from 'vite';

/** The map literal in index.html's inline script (formatters may put a space after the marker). */
const PLACEHOLDER = /\/\*first-paint-chunks\*\/\s*\{\}/;

/**
 * The first paint waits for the strings of its language (`src/i18n/bundles/<lang>.ts`, a chunk of its own so a
 * page only downloads one language). Discovered only once the main script has run, that chunk cost one more
 * round trip before anything could paint; the inline script of index.html now preloads the chunk of the
 * language it has just chosen, in parallel with the main script. This plugin writes the chunk URLs into it.
 */
export function firstPaintPreload(): Plugin {
  return {
    name: 'filaha:first-paint-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks: Record<string, string> = {};
        for (const output of Object.values(ctx.bundle)) {
          if (output.type !== 'chunk' || !output.facadeModuleId) continue;
          const match = /[\\/]i18n[\\/]bundles[\\/](\w+)\.ts$/.exec(output.facadeModuleId);
          if (match?.[1]) chunks[match[1]] = `/${output.fileName}`;
        }
        if (!PLACEHOLDER.test(html)) throw new Error('index.html lost its first-paint placeholder');
        if (Object.keys(chunks).length === 0) throw new Error('no first-paint language chunk found');
        return html.replace(PLACEHOLDER, JSON.stringify(chunks));
      },
    },
  };
}
