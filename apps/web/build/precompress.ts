import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Formats that are already compressed gain nothing from another pass. */
const TEXT_EXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

interface Options {
  minBytes: number;
}

interface ChunkInfo {
  type: 'chunk' | 'asset';
  imports?: readonly string[];
  isEntry?: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text asset of at least `minBytes`,
 * then prints what the entry page costs on the wire: the entry chunk, its static imports and their CSS.
 */
export function precompress({ minBytes }: Options): Plugin {
  return {
    name: 'filaha:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const sizes = new Map<string, { raw: number; gz: number; br: number }>();
      for (const fileName of Object.keys(bundle)) {
        if (!TEXT_EXT.test(fileName)) continue;
        const path = join(outDir, fileName);
        sizes.set(fileName, compressBeside(path, minBytes));
      }
      const initial = entryGraph(bundle as unknown as Record<string, ChunkInfo>);
      let gz = 0;
      let br = 0;
      for (const f of initial) {
        const s = sizes.get(f);
        gz += s?.gz ?? 0;
        br += s?.br ?? 0;
      }
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info(`entry page JS+CSS (${initial.size} files): ${kb(br)} brotli, ${kb(gz)} gzip`);
    },
  };
}

/** Writes `<path>.br` and `<path>.gz` when the file has at least `minBytes`; returns the three sizes. */
export function compressBeside(path: string, minBytes: number): { raw: number; gz: number; br: number } {
  const raw = readFileSync(path);
  const gz = gzipSync(raw, { level: 9 });
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  if (raw.length >= minBytes) {
    writeFileSync(`${path}.gz`, gz);
    writeFileSync(`${path}.br`, br);
  }
  return { raw: raw.length, gz: gz.length, br: br.length };
}

/** Files the browser fetches before the first render: entry chunks, their static imports, their CSS. */
function entryGraph(bundle: Record<string, ChunkInfo>): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    const item = bundle[name];
    if (!item || item.type !== 'chunk') return;
    seen.add(name);
    for (const css of item.viteMetadata?.importedCss ?? []) seen.add(css);
    for (const dep of item.imports ?? []) visit(dep);
  };
  for (const [name, item] of Object.entries(bundle)) if (item.isEntry) visit(name);
  return seen;
}
