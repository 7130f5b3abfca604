/**
 * The test harness's own guard (server-process.ts): a server started on a port another process took in the meantime
 * is never mistaken for the platform, even when that other process answers /api/health with 200. A CI run once
 * handed a test a STAC stub this way (a freed port reused by another file's HTTP server).
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { PortTakenError, spawnServer, waitHealthy } from './server-process.ts';

const spawned: ChildProcess[] = [];
let stranger: Server | undefined;
afterAll(async () => {
  for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await new Promise((ok) => (stranger ? stranger.close(ok) : ok(undefined)));
});

describe('waitHealthy', () => {
  it('refuses a stranger that answers 200 on the port: the child says the port is taken', async () => {
    let asked = 0;
    stranger = createServer((_req, res) => {
      asked += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"FeatureCollection","features":[]}');
    });
    await new Promise<void>((ok) => stranger?.listen(0, '127.0.0.1', ok));
    const address = stranger.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const server = spawnServer({ PORT: String(port), DATA_DIR: '/nonexistent/filaha-never-created' }, spawned);
    const error = await waitHealthy(server).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortTakenError);
    expect((error as Error).message).toContain(`127.0.0.1:${port} is already in use`);
    // The stranger was never asked: nothing counts before the child says it listens on the port.
    expect(asked).toBe(0);
  });
});
