/**
 * Writes the web app manifest's PNG icons (public/icons/) from the Filaha mark of public/favicon.svg, rendered
 * by headless Chromium: "any" icons (the rounded square as in the favicon) and "maskable" ones (full-bleed
 * background, the seedling inside the central safe zone, 80 % of the side). Run after changing the mark:
 *   node --import tsx apps/web/scripts/make-icons.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = join(import.meta.dirname, '..', 'public');
const svg = readFileSync(join(root, 'favicon.svg'), 'utf8');
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? '#14532d';
const glyph = /<path[^>]*\/>/.exec(svg)?.[0];
if (!glyph) throw new Error('favicon.svg: no <path> to draw');

/** The maskable form: the background fills the square, the seedling scaled to 75 % around the centre. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(16 16) scale(0.75) translate(-16 -17)">${glyph}</g></svg>`;

const outputs: Array<{ file: string; size: number; source: string }> = [
  { file: 'icon-192.png', size: 192, source: svg },
  { file: 'icon-512.png', size: 512, source: svg },
  { file: 'icon-maskable-192.png', size: 192, source: maskable },
  { file: 'icon-maskable-512.png', size: 512, source: maskable },
  { file: 'apple-touch-icon.png', size: 180, source: maskable },
];

const dir = join(root, 'icons');
mkdirSync(dir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run'],
});
try {
  for (const { file, size, source } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = source.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({
      path: join(dir, file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
