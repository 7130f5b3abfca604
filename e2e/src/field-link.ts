// The issue-27 link for a phone in the field, shared by the browser tests and the weak-connection bench: 400 ms round
// trip and 50 kB/s each way, for the page **and** its service worker. Playwright's CDP sessions reach pages only,
// and its `serviceworker` event comes after the worker already runs; `route` is not used (Chromium would bypass the
// service worker). So a raw DevTools connection to the browser auto-attaches to every service worker as it is
// created, paused before its script runs (`waitForDebuggerOnStart`), shapes its network and only then lets it run.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser.ts';
import { freePort } from './platform.ts';

/** The issue's link: 400 ms round trip, 50 kB/s (50,000 bytes per second) each way; the page's CPU 4× slower. */
export const FIELD_LINK = { rttMs: 400, bytesPerSecond: 50_000, cpuSlowdown: 4 } as const;

/** Internet map tiles, refused at once by the browser's resolver (no internet here, nor in many fields). */
export const BLOCKED_HOSTS = ['*.arcgisonline.com', '*.openstreetmap.org'];
export const BLOCKED_HOSTS_ARG = `--host-resolver-rules=${BLOCKED_HOSTS.map((h) => `MAP ${h} ~NOTFOUND`).join(', ')}`;

/** DevTools' `Network.emulateNetworkConditions` for the link, or no network at all. */
export const linkConditions = (offline = false) => ({
  offline,
  latency: FIELD_LINK.rttMs,
  downloadThroughput: FIELD_LINK.bytesPerSecond,
  uploadThroughput: FIELD_LINK.bytesPerSecond,
});

type Listener = (method: string, params: Record<string, unknown>, sessionId?: string) => void;

/** A minimal DevTools client over the browser's WebSocket, flattened sessions (a `sessionId` per message). */
class RawCdp {
  private nextId = 0;
  private readonly pending = new Map<number, { ok: (r: unknown) => void; fail: (e: Error) => void }>();
  private readonly listeners: Listener[] = [];
  private constructor(private readonly ws: WebSocket) {
    ws.addEventListener('message', (event) => {
      const msg = JSON.parse(String(event.data)) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        sessionId?: string;
        result?: unknown;
        error?: { message: string };
      };
      if (msg.id !== undefined) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) p?.fail(new Error(msg.error.message));
        else p?.ok(msg.result);
      } else if (msg.method) for (const l of this.listeners) l(msg.method, msg.params ?? {}, msg.sessionId);
    });
    ws.addEventListener('close', () => {
      for (const p of this.pending.values()) p.fail(new Error('DevTools WebSocket closed'));
      this.pending.clear();
    });
  }
  static async connect(port: number): Promise<RawCdp> {
    const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
      webSocketDebuggerUrl: string;
    };
    const ws = new WebSocket(webSocketDebuggerUrl);
    await new Promise((ok, fail) => {
      ws.addEventListener('open', ok, { once: true });
      ws.addEventListener('error', () => fail(new Error('DevTools WebSocket failed')), { once: true });
    });
    return new RawCdp(ws);
  }
  send<T = unknown>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((ok, fail) => {
      this.pending.set(id, { ok: ok as (r: unknown) => void, fail });
      this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }
  on(listener: Listener): void {
    this.listeners.push(listener);
  }
  close(): void {
    this.ws.close();
  }
}

/** A service worker target as the shaper attached to it (`at`: `Date.now()` then). */
export interface WorkerAttach {
  url: string;
  at: number;
  shaped: boolean;
  /** Whether it was paused at its start when attached (so shaped before its script ran). */
  pausedAtStart: boolean;
}

export interface FieldBrowser {
  browser: Browser;
  workers: WorkerAttach[];
  /** Cuts (or gives back) the network of every worker attached so far; the link's shape is kept. */
  setWorkersOffline(offline: boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * Chromium with its DevTools endpoint on a free port. Another process may take the port before Chromium binds it
 * (Chromium then runs without the endpoint, and the port answers something else): the launch is tried again on
 * another port.
 */
async function launchWithDevTools(): Promise<{ browser: Browser; cdp: RawCdp }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, BLOCKED_HOSTS_ARG, `--remote-debugging-port=${port}`],
    });
    try {
      return { browser, cdp: await RawCdp.connect(port) };
    } catch (error) {
      await browser.close();
      if (attempt >= 4) throw error;
    }
  }
}

/**
 * Chromium (internet map tiles refused at once) with a second DevTools endpoint that shapes every service worker
 * from its first instruction. `shapeWorkers: false` leaves the workers' network as it is (the bench's control run);
 * `onWorkerNetwork` hears the workers' Network events.
 */
export async function launchFieldBrowser({
  shapeWorkers = true,
  onWorkerNetwork,
}: {
  shapeWorkers?: boolean;
  onWorkerNetwork?: (method: string, params: Record<string, unknown>) => void;
} = {}): Promise<FieldBrowser> {
  const { browser, cdp } = await launchWithDevTools();
  const workers: WorkerAttach[] = [];
  const sessions = new Set<string>();
  cdp.on((method, params, sessionId) => {
    if (method === 'Target.detachedFromTarget') sessions.delete((params as { sessionId: string }).sessionId);
    if (sessionId && sessions.has(sessionId) && method.startsWith('Network.')) onWorkerNetwork?.(method, params);
    if (method !== 'Target.attachedToTarget') return;
    const {
      sessionId: child,
      targetInfo,
      waitingForDebugger,
    } = params as { sessionId: string; targetInfo: { type: string; url: string }; waitingForDebugger: boolean };
    void (async () => {
      try {
        if (targetInfo.type === 'service_worker') {
          sessions.add(child);
          await cdp.send('Network.enable', {}, child);
          if (shapeWorkers) await cdp.send('Network.emulateNetworkConditions', linkConditions(), child);
          workers.push({
            url: targetInfo.url,
            at: Date.now(),
            shaped: shapeWorkers,
            pausedAtStart: waitingForDebugger,
          });
        }
      } catch {
        // The worker went away while it was being attached: nothing to shape.
      } finally {
        if (waitingForDebugger) await cdp.send('Runtime.runIfWaitingForDebugger', {}, child).catch(() => {});
      }
    })();
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: true,
    filter: [{ type: 'service_worker', exclude: false }, { exclude: true }],
  });
  return {
    browser,
    workers,
    async setWorkersOffline(offline) {
      for (const s of sessions)
        await cdp.send('Network.emulateNetworkConditions', linkConditions(offline), s).catch(() => {});
    },
    async close() {
      cdp.close();
      await browser.close();
    },
  };
}

/**
 * The page's link (and, with `cpu`, its CPU 4× slower), set before its first request; `onNetwork` hears its Network
 * events. The session is returned: `linkConditions(true)` on it cuts the page's network.
 */
export async function shapePage(
  ctx: BrowserContext,
  page: Page,
  {
    cpu = false,
    onNetwork,
  }: { cpu?: boolean; onNetwork?: (method: string, params: Record<string, unknown>) => void } = {},
): Promise<CDPSession> {
  const cdp = await ctx.newCDPSession(page);
  if (onNetwork)
    for (const m of NETWORK_EVENTS) cdp.on(m, (params) => onNetwork(m, params as unknown as Record<string, unknown>));
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', linkConditions());
  if (cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: FIELD_LINK.cpuSlowdown });
  return cdp;
}

const NETWORK_EVENTS = [
  'Network.requestWillBeSent',
  'Network.responseReceived',
  'Network.requestServedFromCache',
  'Network.loadingFinished',
  'Network.loadingFailed',
] as const;
