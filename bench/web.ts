// Home-page weight and Largest Contentful Paint on a slow-4G profile (1.6 Mbps down, 750 kbps up, 150 ms RTT,
// CPU slowed 4x), served by the platform itself. Median of 3 cold loads. Writes bench/out/web.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/src/browser.ts';
import { repoRoot, startPlatform } from '../e2e/src/platform.ts';

interface Load {
  lcpMs: number;
  jsCssBytes: number;
  totalBytes: number;
  requests: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function coldLoad(url: string, lang: 'ar' | 'fr'): Promise<Load> {
  const browser = await launchBrowser();
  try {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await ctx.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const types = new Map<string, string>();
    let jsCss = 0;
    let total = 0;
    let requests = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      requests += 1;
      total += e.encodedDataLength;
      const t = types.get(e.requestId);
      if (t === 'Script' || t === 'Stylesheet') jsCss += e.encodedDataLength;
    });
    await page.addInitScript(() => {
      (window as unknown as { __lcp: number }).__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as unknown as { __lcp: number }).__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.waitForTimeout(500);
    const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    return { lcpMs, jsCssBytes: jsCss, totalBytes: total, requests };
  } finally {
    await browser.close();
  }
}

const platform = await startPlatform();
try {
  const results: Record<string, Load & { runs: Load[] }> = {};
  for (const lang of ['ar', 'fr'] as const) {
    const runs: Load[] = [];
    for (let i = 0; i < 3; i++) runs.push(await coldLoad(`${platform.url}/`, lang));
    results[lang] = {
      lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
      jsCssBytes: median(runs.map((r) => r.jsCssBytes)),
      totalBytes: median(runs.map((r) => r.totalBytes)),
      requests: median(runs.map((r) => r.requests)),
      runs,
    };
    console.log(`${lang}: LCP ${results[lang].lcpMs} ms, JS+CSS ${(results[lang].jsCssBytes / 1024).toFixed(1)} KB, total ${(results[lang].totalBytes / 1024).toFixed(1)} KB, ${results[lang].requests} requests`);
  }
  const outDir = join(repoRoot, 'bench', 'out');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'web.json'), JSON.stringify({ date: new Date().toISOString(), profile: 'slow 4G 1.6 Mbps / 150 ms RTT / CPU 4x, 412x823 mobile', results }, null, 2));
} finally {
  await platform.stop();
}
