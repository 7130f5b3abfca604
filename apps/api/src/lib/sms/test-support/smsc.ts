import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Starts the local SMSC (smsc-server.ts: the `smpp` library's server side) as a separate Node process and follows
 * what it records. `url` is where SMPP_URL points; `waitFor` waits for an event (or `count` of them).
 */
export interface SmscEvent {
  event: string;
  [field: string]: unknown;
}

export interface LocalSmsc {
  url: string;
  systemId: string;
  password: string;
  events: SmscEvent[];
  of(event: string): SmscEvent[];
  waitFor(predicate: (e: SmscEvent) => boolean, what: string, count?: number, timeoutMs?: number): Promise<SmscEvent[]>;
  command(command: Record<string, unknown>): void;
  /**
   * Waits until the SMSC has recorded everything it answered so far: a PDU it answered was recorded before the
   * answer left, so before this mark (its output is in order).
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalSmsc(options: { systemId?: string; password?: string } = {}): Promise<LocalSmsc> {
  const systemId = options.systemId ?? 'filaha';
  const password = options.password ?? 'secret12';
  const child: ChildProcess = spawn(process.execPath, [new URL('./smsc-server.ts', import.meta.url).pathname], {
    env: { ...process.env, SMSC_SYSTEM_ID: systemId, SMSC_PASSWORD: password, NODE_NO_WARNINGS: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const events: SmscEvent[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      events.push(JSON.parse(line) as SmscEvent);
    } catch {
      events.push({ event: 'output', line });
    }
    for (const wake of [...waiters]) wake();
  });

  const waitFor: LocalSmsc['waitFor'] = (predicate, what, count = 1, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = events.filter(predicate);
        if (found.length >= count) {
          cleanup();
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(`SMSC: no ${what} within ${timeoutMs} ms; events: ${JSON.stringify(events)}; stderr: ${stderr}`),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  let marks = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const [listening] = await waitFor((e) => e.event === 'listening', 'listening');
  return {
    url: `smpp://127.0.0.1:${String(listening!.port)}`,
    systemId,
    password,
    events,
    of: (event) => events.filter((e) => e.event === event),
    waitFor,
    command(command) {
      child.stdin!.write(`${JSON.stringify(command)}\n`);
    },
    async sync() {
      const n = ++marks;
      child.stdin!.write(`${JSON.stringify({ cmd: 'mark', n })}\n`);
      await waitFor((e) => e.event === 'mark' && e.n === n, `mark ${n}`);
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
