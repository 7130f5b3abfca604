// Home-page weight and Largest Contentful Paint on a slow-4G profile (1.6 Mbps down, 750 kbps up, 150 ms RTT,
// CPU slowed 4x), served by the platform itself. Median of 3 cold loads. Writes bench/out/web.json and the
// "Web" section of docs/PERFORMANCE.md. Then the weak-connection screens of issue 13 (bench/lib/weak-screens.ts):
// bench/out/web-screens.json and the "Web on a weak connection" section. Then the phone in the field of issue 27
// (bench/lib/field-phone.ts): the first visit (bench/out/web-first-visit.json, section "Web: first visit on the
// field link") and total blocking time (bench/out/web-tbt.json, section "Web: total blocking time on a phone").
// BENCH_ONLY=home|screens|first-visit|tbt (comma-separated) runs those parts only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { writeDocSection } from './lib/doc-section.ts';
import {
  BYTES_WINDOW_MS,
  FIELD_GOALS,
  FIELD_LINK,
  firstVisit,
  launchFieldBrowser,
  measureTbt,
  TBT_SCREENS,
  workerScriptBytes,
  type FirstVisit,
  type TbtRun,
} from './lib/field-phone.ts';
import { GOALS, launchWeakBrowser, measureScreen, SCREENS, WEAK_PROFILE, type Visit } from './lib/weak-screens.ts';
import { launchBrowser } from '../e2e/src/browser.ts';
import { repoRoot, startPlatform } from '../e2e/src/platform.ts';

interface Load {
  lcpMs: number;
  jsCssBytes: number;
  totalBytes: number;
  requests: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Who loads the page: the language saved by the app (localStorage) and whether the `lang` cookie the app keeps
 * beside it is there (a returning visitor) — it makes the server send the home page pre-rendered in that
 * language. Without it the server sends the Arabic pre-render, which a French visitor's page drops and renders
 * itself (the first visit of someone who chose French elsewhere, or whose cookies were cleared).
 */
interface Visitor {
  label: string;
  lang: 'ar' | 'fr';
  cookie: boolean;
}

const VISITORS: Visitor[] = [
  { label: 'ar (first visit, default language)', lang: 'ar', cookie: false },
  { label: 'fr (returning, lang cookie)', lang: 'fr', cookie: true },
  { label: 'fr (saved in the browser, no cookie)', lang: 'fr', cookie: false },
];

async function coldLoad(url: string, { lang, cookie }: Visitor): Promise<Load> {
  const browser = await launchBrowser();
  try {
    const ctx = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    await ctx.addInitScript((l) => localStorage.setItem('lang', l), lang);
    if (cookie) await ctx.addCookies([{ name: 'lang', value: lang, url }]);
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
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
    // The init-script observer, and a buffered one read now (the entries recorded so far): the larger wins.
    const lcpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const early = (window as unknown as { __lcp: number }).__lcp;
          const timer = setTimeout(() => resolve(early), 2_000);
          new PerformanceObserver((list) => {
            clearTimeout(timer);
            resolve(Math.max(early, ...list.getEntries().map((e) => e.startTime)));
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    if (!(lcpMs > 0)) throw new Error(`no largest-contentful-paint entry for ${url} (${lang})`);
    return { lcpMs, jsCssBytes: jsCss, totalBytes: total, requests };
  } finally {
    await browser.close();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? '**met**' : '**not met**');

function webSection(results: Record<string, Load>): string {
  const worst = (pick: (l: Load) => number) => Math.max(...Object.values(results).map(pick));
  const row = (lang: string, l: Load) =>
    `| ${lang} | ${kib(l.jsCssBytes)} | ${kib(l.totalBytes)} | ${l.requests} | ${(l.lcpMs / 1000).toFixed(2)} s |`;
  return [
    '## Web',
    '',
    `_Generated by \`npm run bench:web\` (bench/web.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; raw figures in \`bench/out/web.json\`._`,
    '',
    `**Machine**: ${cpus().length} cores, Node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} at the end.`,
    '',
    '**Method**: the platform itself (embedded default, the built web app with its precompressed assets) serves `/`; ' +
      'headless Chromium with a 412×823 mobile viewport, the slow-4G profile of issue 2 (1.6 Mbps down, 750 kbps up, ' +
      '150 ms RTT, CPU slowed 4×), cache disabled, a new browser per load; bytes are the encoded (on-the-wire) sizes ' +
      'from the DevTools protocol; LCP from a `largest-contentful-paint` observer; median of 3 cold loads per visitor. ' +
      'The server sends `/` pre-rendered in the language of the `lang` cookie the app keeps (Arabic without it); ' +
      'a visitor whose saved language differs from the pre-render gets it dropped and rendered by the app, the ' +
      'third row. The targets are judged on the worst row.',
    '',
    '| visitor | JS + CSS | total | requests | LCP |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(results).map(([lang, l]) => row(lang, l)),
    '',
    '| target (issue 2, acceptance 6) | goal | measured (worst visitor) | status |',
    '| --- | --- | --- | --- |',
    `| JS + CSS on the wire | ≤ 95 KB | ${kib(worst((l) => l.jsCssBytes))} | ${verdict(worst((l) => l.jsCssBytes) <= 95 * 1024)} |`,
    `| total bytes | < 500 KB | ${kib(worst((l) => l.totalBytes))} | ${verdict(worst((l) => l.totalBytes) < 500 * 1024)} |`,
    `| LCP | < 2.5 s | ${(worst((l) => l.lcpMs) / 1000).toFixed(2)} s | ${verdict(worst((l) => l.lcpMs) < 2500)} |`,
    '',
    'The earlier product, on the same profile: 95 KB of JS+CSS in one bundle, 2.65 MB in total, LCP 14.3 s.',
    '',
  ].join('\n');
}

/**
 * BENCH_ONLY=home|screens|first-visit|tbt (comma-separated) runs those parts (all by default); BENCH_RUNS sets the
 * runs of the screens, the first visit and the blocking time.
 */
const only = process.env.BENCH_ONLY?.split(',');
const runs = (part: string) => !only || only.includes(part);
const screenRuns = Number(process.env.BENCH_RUNS ?? 3);

interface ScreenResult {
  label: string;
  usable: string;
  cold: Visit;
  warm: Visit;
  runs: { cold: Visit; warm: Visit }[];
}

const medianVisit = (vs: Visit[]): Visit => ({
  titleMs: median(vs.map((v) => v.titleMs)),
  usableMs: median(vs.map((v) => v.usableMs)),
  titleLost: Math.max(...vs.map((v) => v.titleLost)),
  requestsBeforeUsable: median(vs.map((v) => v.requestsBeforeUsable)),
  fromServiceWorker: median(vs.map((v) => v.fromServiceWorker)),
  bytesBeforeUsable: median(vs.map((v) => v.bytesBeforeUsable)),
  kinds: {
    code: median(vs.map((v) => v.kinds.code)),
    api: median(vs.map((v) => v.kinds.api)),
    media: median(vs.map((v) => v.kinds.media)),
    other: median(vs.map((v) => v.kinds.other)),
  },
});

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function weakSection(results: Record<string, ScreenResult>, runs: number): string {
  const lines = [
    '## Web on a weak connection',
    '',
    `_Generated by \`npm run bench:web\` (bench/web.ts, bench/lib/weak-screens.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; raw figures in \`bench/out/web-screens.json\`._`,
    '',
    `**Machine**: ${cpus().length} cores, Node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} at the end.`,
    '',
    `**Method**: the platform itself (embedded default, the built web app) serves each screen; headless Chromium, ` +
      `412×823 mobile viewport, Arabic, the weak profile of issue 13 (${WEAK_PROFILE.downKbps} kbps down, ` +
      `${WEAK_PROFILE.upKbps} kbps up, ${WEAK_PROFILE.rttMs} ms round trip, CPU slowed ${WEAK_PROFILE.cpuSlowdown}×, ` +
      'DevTools protocol emulation). **Cold**: a new browser context (empty cache, no service worker). **Warm**: a ' +
      'visit in the same context after the service worker is active and has served one visit of the screen (both ' +
      'unthrottled): the app shell and the code come from its precache, API data from the network through the ' +
      'worker, whose own fetches get the same network conditions as the page (its CPU cannot be slowed: DevTools ' +
      'refuses it for workers). Times are from navigation start to the start of the first frame (checked once per ' +
      "animation frame) where the screen's h1 is painted (title: a box, and neither it nor an " +
      'ancestor hidden; on the screens opened directly, the loading frame index.html paints carries it until the ' +
      'app shows its own) and where it is usable ' +
      '(per screen below); requests are the document and every resource the page started before it was usable ' +
      `(Resource Timing). Median of ${runs} run(s) per screen. The probe also watches that the title, once shown, ` +
      `stays until usable: ${Object.values(results).every((r) => r.runs.every((x) => x.cold.titleLost + x.warm.titleLost === 0)) ? 'it did in every run' : '**it went away in some runs** (`titleLost` in the raw figures)'}.`,
    '',
    '| screen | usable when | visit | title | usable | requests before usable (JS/CSS · API · fonts/images · other) | of them from the service worker | bytes before usable |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of Object.values(results)) {
    for (const [kind, v] of [
      ['cold', r.cold],
      ['warm', r.warm],
    ] as const) {
      lines.push(
        `| ${r.label} | ${r.usable} | ${kind} | ${secs(v.titleMs)} | ${secs(v.usableMs)} | ${v.requestsBeforeUsable} (${v.kinds.code} · ${v.kinds.api} · ${v.kinds.media} · ${v.kinds.other}) | ${v.fromServiceWorker} | ${kib(v.bytesBeforeUsable)} |`,
      );
    }
  }
  lines.push('', '| screen | goal | measured | status |', '| --- | --- | --- | --- |');
  for (const r of Object.values(results)) {
    lines.push(
      `| ${r.label} | cold: title ≤ ${secs(GOALS.coldTitleMs)} | ${secs(r.cold.titleMs)} | ${verdict(r.cold.titleMs <= GOALS.coldTitleMs)} |`,
      `| ${r.label} | cold: usable ≤ ${secs(GOALS.coldUsableMs)} | ${secs(r.cold.usableMs)} | ${verdict(r.cold.usableMs <= GOALS.coldUsableMs)} |`,
      `| ${r.label} | cold: ≤ ${GOALS.coldRequests} requests before usable | ${r.cold.requestsBeforeUsable} | ${verdict(r.cold.requestsBeforeUsable <= GOALS.coldRequests)} |`,
      `| ${r.label} | warm: usable ≤ ${secs(GOALS.warmMs)} | ${secs(r.warm.usableMs)} | ${verdict(r.warm.usableMs <= GOALS.warmMs)} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

async function screensBench() {
  const login = await fetch(`${platform.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'farmer@demo.filaha.dz', password: 'demo-farmer-2025' }),
  });
  const { token } = (await login.json()) as { token: string };
  // The farm map opened on the farmer's first parcel (a shared link, `?parcel=`): Generate needs one chosen.
  const parcels = (await (
    await fetch(`${platform.url}/api/parcelle`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { id: number }[];
  const farmMap = SCREENS.find((s) => s.key === 'farmMap');
  if (farmMap && parcels[0]) farmMap.path = `/user/ferme-map?parcel=${parcels[0].id}`;
  const results: Record<string, ScreenResult> = {};
  const wanted = process.env.BENCH_SCREENS?.split(',');
  for (const screen of SCREENS.filter((s) => !wanted || wanted.includes(s.key))) {
    const runs: { cold: Visit; warm: Visit }[] = [];
    for (let i = 0; i < screenRuns; i++) {
      const browser = await launchWeakBrowser();
      try {
        runs.push(await measureScreen(browser, platform.url, screen, token));
      } finally {
        await browser.close();
      }
      const last = runs.at(-1)!;
      console.log(
        `${screen.key} run ${i + 1}: cold title ${last.cold.titleMs} ms${last.cold.titleLost ? ` (lost ${last.cold.titleLost}×)` : ''}, usable ${last.cold.usableMs} ms, ${last.cold.requestsBeforeUsable} requests; warm title ${last.warm.titleMs} ms, usable ${last.warm.usableMs} ms, ${last.warm.requestsBeforeUsable} requests (${last.warm.fromServiceWorker} from the SW)`,
      );
    }
    results[screen.key] = {
      label: screen.label,
      usable: screen.usable.words,
      cold: medianVisit(runs.map((r) => r.cold)),
      warm: medianVisit(runs.map((r) => r.warm)),
      runs,
    };
  }
  writeFileSync(
    join(repoRoot, 'bench', 'out', 'web-screens.json'),
    JSON.stringify({ date: new Date().toISOString(), profile: WEAK_PROFILE, goals: GOALS, results }, null, 2),
  );
  await writeDocSection(weakSection(results, screenRuns));
}

async function homeBench() {
  const results: Record<string, Load & { runs: Load[] }> = {};
  for (const visitor of VISITORS) {
    const runs: Load[] = [];
    for (let i = 0; i < 3; i++) runs.push(await coldLoad(`${platform.url}/`, visitor));
    const lang = visitor.label;
    results[lang] = {
      lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
      jsCssBytes: median(runs.map((r) => r.jsCssBytes)),
      totalBytes: median(runs.map((r) => r.totalBytes)),
      requests: median(runs.map((r) => r.requests)),
      runs,
    };
    console.log(
      `${lang}: LCP ${results[lang].lcpMs} ms, JS+CSS ${(results[lang].jsCssBytes / 1024).toFixed(1)} KB, total ${(results[lang].totalBytes / 1024).toFixed(1)} KB, ${results[lang].requests} requests`,
    );
  }
  writeFileSync(
    join(repoRoot, 'bench', 'out', 'web.json'),
    JSON.stringify(
      { date: new Date().toISOString(), profile: 'slow 4G 1.6 Mbps / 150 ms RTT / CPU 4x, 412x823 mobile', results },
      null,
      2,
    ),
  );
  await writeDocSection(webSection(results));
}

const FARMER = { email: 'farmer@demo.filaha.dz', password: 'demo-farmer-2025' };

/** When and on what the run was made: the commit, the web build's date, the load average (1/5/15 min). */
function runInfo(loadStart: number[]) {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  const built = statSync(join(repoRoot, 'apps', 'web', 'dist', 'index.html')).mtime.toISOString();
  return {
    date: new Date().toISOString(),
    commit: git('rev-parse', '--short', 'HEAD'),
    dirty: git('status', '--porcelain', '--', 'apps/web', 'packages').length > 0,
    webBuiltAt: built,
    cores: cpus().length,
    node: process.version,
    loadAverageBeforePlatform: LOAD_BEFORE_PLATFORM.map((l) => Math.round(l * 100) / 100),
    loadAverageStart: loadStart.map((l) => Math.round(l * 100) / 100),
    loadAverageEnd: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

type RunInfo = ReturnType<typeof runInfo>;

const runLine = (info: RunInfo, json: string) =>
  [
    `_Generated by \`npm run bench:web\` (bench/web.ts, bench/lib/field-phone.ts) on ${info.date.slice(0, 16).replace('T', ' ')} UTC, commit ${info.commit}${info.dirty ? ' (with uncommitted changes of others in apps/web or packages)' : ''}, web build of ${info.webBuiltAt.slice(0, 16).replace('T', ' ')} UTC; raw figures in \`bench/out/${json}\`._`,
    '',
    `**Machine**: ${info.cores} cores, Node ${info.node}, load average (1 / 5 / 15 min) ${info.loadAverageBeforePlatform.join(' / ')} when the bench began (before it started the platform), ${info.loadAverageStart.join(' / ')} as this part began, ${info.loadAverageEnd.join(' / ')} at its end (these two include the bench's own platform and Chromium).`,
    '',
  ].join('\n');

const FIELD_METHOD =
  `the platform itself (embedded default, demo data, the built web app) on loopback; headless Chromium, a 390×844 ` +
  `touch phone (mobile viewport, device scale 2), Arabic; the issue's link for the page **and** its service worker: ` +
  `${FIELD_LINK.rttMs} ms round trip, ${FIELD_LINK.bytesPerSecond / 1000} kB/s down and up (DevTools ` +
  `\`Network.emulateNetworkConditions\`); the page's CPU slowed ${FIELD_LINK.cpuSlowdown}× ` +
  "(`Emulation.setCPUThrottlingRate`; DevTools cannot slow a worker's); a new browser and context per run (empty " +
  'cache, no service worker). The worker is shaped from its first instruction: a second DevTools connection to the ' +
  'browser asks `Target.setAutoAttach` (`waitForDebuggerOnStart`, `flatten`, service workers only), so a new ' +
  "worker stops before its script runs, gets `Network.enable` and the link's conditions, then " +
  '`Runtime.runIfWaitingForDebugger`. No Playwright `route` (Chromium would bypass the worker).';

const fmtS = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
const medianOrNull = (xs: (number | null)[]) => (xs.some((x) => x === null) ? null : median(xs as number[]));

function firstVisitSection(info: RunInfo, results: FirstVisit[], swScript: number, control: FirstVisit | null) {
  const row = (label: string, r: FirstVisit) =>
    `| ${label} | ${fmtS(r.signInUsableMs)} | ${fmtS(r.farmMapUsableMs)} | ${fmtS(r.registeredMs)} | ${fmtS(r.controlledMs)} | ${fmtS(r.readyMs)} | ${kib(r.bytesIn60s.page)} + ${kib(r.bytesIn60s.worker)} = ${kib(r.bytesIn60s.total)} | ${r.requestsIn60s.page} · ${r.requestsIn60s.worker} | ${r.bytesUntilReady === null ? '—' : kib(r.bytesUntilReady)} | ${r.offlineCheck.farmMapTitle && r.offlineCheck.notSignedOut ? 'yes' : '**no**'} |`;
  const m = (pick: (r: FirstVisit) => number | null) => medianOrNull(results.map(pick));
  const med: FirstVisit = {
    ...results[0]!,
    signInUsableMs: m((r) => r.signInUsableMs)!,
    farmMapUsableMs: m((r) => r.farmMapUsableMs)!,
    registeredMs: m((r) => r.registeredMs),
    controlledMs: m((r) => r.controlledMs),
    readyMs: m((r) => r.readyMs),
    bytesIn60s: {
      page: m((r) => r.bytesIn60s.page)!,
      worker: m((r) => r.bytesIn60s.worker)!,
      total: m((r) => r.bytesIn60s.total)!,
    },
    requestsIn60s: { page: m((r) => r.requestsIn60s.page)!, worker: m((r) => r.requestsIn60s.worker)! },
    bytesUntilReady: m((r) => r.bytesUntilReady),
    offlineCheck: {
      farmMapTitle: results.every((r) => r.offlineCheck.farmMapTitle),
      notSignedOut: results.every((r) => r.offlineCheck.notSignedOut),
    },
  };
  const readyMedian = med.readyMs;
  const paused = results.every((r) => r.workers.length > 0 && r.workers.every((w) => w.pausedAtStart && w.shaped));
  const fetches = results.map((r) => r.workerFetches);
  return [
    '## Web: first visit on the field link (issue 27 §1)',
    '',
    runLine(info, 'web-first-visit.json'),
    `**Method**: ${FIELD_METHOD} The visit: \`/auth/SignIn?next=/user/ferme-map\` opened (time 0); once its ` +
      "submit button is enabled the demo farmer's e-mail and password are typed and the button tapped; the app " +
      'lands on the farm map, usable when Generate is enabled. Then nothing more is done: the page registers its ' +
      "worker once settled, the worker installs the precache of the core, takes control, receives the visit's API " +
      'reads and the app says "ready to use offline" (`filaha:offline-ready`; the note `offline-ready` is shown ' +
      `at the same moment). Bytes are the encoded sizes DevTools reports for the requests finished within the first ` +
      `${BYTES_WINDOW_MS / 1000} s, page and worker (answers of the worker or of the HTTP cache counted 0, so nothing ` +
      `twice), headers included; the worker's own script (\`/sw.js\`, ${kib(swScript)} as sent), fetched by the ` +
      "browser before the worker's DevTools target exists, is seen by neither session and is **not** in the " +
      'figures. After the window, the network is cut for page and worker and `/user/ferme-map` reopened: ' +
      '"offline" says whether its title showed and the farmer was not sent to the sign-in page.',
    '',
    '| run | sign-in usable | farm map usable | worker registered | worker controls | "ready to use offline" | bytes in the first 60 s (page + worker) | requests in 60 s (page · worker) | bytes until ready | offline after |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((r, i) => row(String(i + 1), r)),
    row('**median**', med),
    '',
    '| goal (issue 27 §1) | measured (median) | status |',
    '| --- | --- | --- |',
    `| the farmer's core usable offline within ${FIELD_GOALS.readyOfflineMs / 1000} s of the first visit | "ready to use offline" at ${fmtS(readyMedian)} (runs: ${results.map((r) => fmtS(r.readyMs)).join(', ')}) | ${verdict(readyMedian !== null && readyMedian <= FIELD_GOALS.readyOfflineMs)} |`,
    `| bytes of the first 60 s reported | ${kib(med.bytesIn60s.total)} (${kib(med.bytesIn60s.page)} page, ${kib(med.bytesIn60s.worker)} worker) | reported |`,
    '',
    `**The worker's traffic was shaped**: in ${paused ? 'every run the worker was attached paused at its start and shaped before its script ran' : '**not every run** the worker was attached paused at its start (see `workers` in the raw figures)'}; ` +
      `its fetches that crossed the network took ${fetches.map((f) => `${f.minMs} ms at least, ${f.medianMs} ms at the median (${f.count} fetches)`).join('; ')} — ` +
      (fetches.every((f) => f.minMs >= FIELD_LINK.rttMs)
        ? `never under the link's ${FIELD_LINK.rttMs} ms round trip, where loopback answers in a few ms`
        : `the median never under the link's ${FIELD_LINK.rttMs} ms round trip, where loopback answers in a few ms; ` +
          'the shortest ones under it did not wait a round trip of their own (their file was already on its way: ' +
          'the HTTP cache lets a second request for a URL wait for the first)') +
      (control
        ? `. The control run, the same visit with the worker left unshaped (page shaped): its ${control.workerFetches.count} fetches took ${control.workerFetches.minMs} ms at least and ${control.workerFetches.medianMs} ms at the median, "ready to use offline" at ${fmtS(control.readyMs)}, ${kib(control.bytesIn60s.worker)} fetched by the worker in the first 60 s (\`control\` in the raw figures).`
        : '.'),
    '',
  ].join('\n');
}

async function firstVisitBench() {
  const loadStart = loadavg();
  const results: FirstVisit[] = [];
  for (let i = 0; i < screenRuns; i++) {
    const field = await launchFieldBrowser();
    try {
      results.push(await firstVisit(field, platform.url, FARMER));
    } finally {
      await field.close();
    }
    const r = results.at(-1)!;
    console.log(
      `first visit run ${i + 1}: farm map usable ${r.farmMapUsableMs} ms, registered ${r.registeredMs} ms, controls ${r.controlledMs} ms, ready ${r.readyMs} ms; 60 s: ${r.bytesIn60s.page} + ${r.bytesIn60s.worker} bytes; worker fetches min ${r.workerFetches.minMs} ms, median ${r.workerFetches.medianMs} ms; offline ${JSON.stringify(r.offlineCheck)}`,
    );
  }
  let control: FirstVisit | null = null;
  if (process.env.BENCH_CONTROL !== '0') {
    const field = await launchFieldBrowser({ shapeWorkers: false });
    try {
      control = await firstVisit(field, platform.url, FARMER);
    } finally {
      await field.close();
    }
    console.log(
      `control (worker unshaped): ready ${control.readyMs} ms; worker fetches min ${control.workerFetches.minMs} ms, median ${control.workerFetches.medianMs} ms`,
    );
  }
  const swScript = await workerScriptBytes(platform.url);
  const info = runInfo(loadStart);
  writeFileSync(
    join(repoRoot, 'bench', 'out', 'web-first-visit.json'),
    JSON.stringify(
      { ...info, link: FIELD_LINK, goals: FIELD_GOALS, swScriptBytes: swScript, runs: results, control },
      null,
      2,
    ),
  );
  await writeDocSection(firstVisitSection(info, results, swScript, control));
}

function tbtSection(info: RunInfo, results: Record<string, { label: string; runs: TbtRun[] }>) {
  const lines = [
    '## Web: total blocking time on a phone (issue 27 §2)',
    '',
    runLine(info, 'web-tbt.json'),
    `**Method**: ${FIELD_METHOD} Each screen opened cold (the farm map with the demo farmer's token already in ` +
      'the browser, as after a sign-in), a DevTools trace recorded from before the navigation. **Total blocking ' +
      "time**, Lighthouse's definition: over the top-level tasks (`RunTask`) of the page's renderer main thread, " +
      'the sum of (duration − 50 ms) of each task of 50 ms or more, clipped to the window. **Window**: from first ' +
      "contentful paint (the trace's `firstContentfulPaint` of the main frame) to the end of the trace, which stops " +
      'once the screen is usable (sign-in: submit enabled; farm map: Generate enabled) **and** then 5 s have passed ' +
      "with no long task and at most 2 of the page's requests in flight (Lighthouse's quiet window for " +
      "time-to-interactive; as no long task follows, the sum is the same as up to Lighthouse's TTI), at most 60 s " +
      'after the navigation. Times in ms since navigation start. The "observer" column is the same sum from the ' +
      "page's own `longtask` and `paint` PerformanceObservers, a check of the trace's figure (a long-task entry " +
      'can merge or miss tasks). Lighthouse itself is not installed (no network here).',
    '',
    '| screen | run | FCP | usable | window end | long tasks after FCP | TBT (trace) | TBT (observer) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const goals: string[] = [];
  for (const { label, runs: rs } of Object.values(results)) {
    rs.forEach((r, i) =>
      lines.push(
        `| ${label} | ${i + 1} | ${r.fcpMs} | ${r.usableMs} | ${r.windowEndMs} | ${r.longTasks.filter((l) => l.blockingMs > 0).length} | ${r.tbtMs} ms | ${r.tbtObserverMs} ms |`,
      ),
    );
    const tbt = median(rs.map((r) => r.tbtMs));
    lines.push(
      `| ${label} | **median** | ${median(rs.map((r) => r.fcpMs))} | ${median(rs.map((r) => r.usableMs))} | ${median(rs.map((r) => r.windowEndMs))} | ${median(rs.map((r) => r.longTasks.filter((l) => l.blockingMs > 0).length))} | **${tbt} ms** | ${median(rs.map((r) => r.tbtObserverMs))} ms |`,
    );
    goals.push(
      `| ${label} | ≤ ${FIELD_GOALS.tbtMs} ms | ${tbt} ms (runs: ${rs.map((r) => r.tbtMs).join(', ')}) | ${verdict(tbt <= FIELD_GOALS.tbtMs)} |`,
    );
  }
  lines.push(
    '',
    '| total blocking time (issue 27 §2) | goal | measured (median) | status |',
    '| --- | --- | --- | --- |',
  );
  lines.push(...goals);
  lines.push('');
  for (const { label, runs: rs } of Object.values(results)) {
    const mid = [...rs].sort((a, b) => a.tbtMs - b.tbtMs)[Math.floor(rs.length / 2)]!;
    const top = [...mid.longTasks]
      .filter((l) => l.blockingMs > 0)
      .sort((a, b) => b.blockingMs - a.blockingMs)
      .slice(0, 5)
      .map((l) => `${l.durationMs} ms at ${l.startMs} ms (${l.what.join('; ') || 'no named work'})`);
    lines.push(`- ${label}, median run, the longest tasks after FCP: ${top.join(', ') || 'none'}.`);
  }
  lines.push('');
  return lines.join('\n');
}

async function tbtBench() {
  const loadStart = loadavg();
  const login = await fetch(`${platform.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(FARMER),
  });
  const { token } = (await login.json()) as { token: string };
  const results: Record<string, { label: string; runs: TbtRun[] }> = {};
  const wanted = process.env.BENCH_SCREENS?.split(',');
  for (const screen of TBT_SCREENS.filter((s) => !wanted || wanted.includes(s.key))) {
    const rs: TbtRun[] = [];
    for (let i = 0; i < screenRuns; i++) {
      const field = await launchFieldBrowser();
      try {
        rs.push(await measureTbt(field, platform.url, screen, token));
      } finally {
        await field.close();
      }
      const r = rs.at(-1)!;
      console.log(
        `tbt ${screen.key} run ${i + 1}: FCP ${r.fcpMs} ms, usable ${r.usableMs} ms, window end ${r.windowEndMs} ms, TBT ${r.tbtMs} ms (observer ${r.tbtObserverMs} ms)`,
      );
    }
    results[screen.key] = { label: screen.label, runs: rs };
  }
  const info = runInfo(loadStart);
  writeFileSync(
    join(repoRoot, 'bench', 'out', 'web-tbt.json'),
    JSON.stringify({ ...info, link: FIELD_LINK, goals: FIELD_GOALS, results }, null, 2),
  );
  await writeDocSection(tbtSection(info, results));
}

const LOAD_BEFORE_PLATFORM = loadavg();
const platform = await startPlatform();
try {
  const outDir = join(repoRoot, 'bench', 'out');
  mkdirSync(outDir, { recursive: true });
  if (runs('home')) await homeBench();
  if (runs('screens')) await screensBench();
  if (runs('first-visit')) await firstVisitBench();
  if (runs('tbt')) await tbtBench();
} finally {
  await platform.stop();
}
