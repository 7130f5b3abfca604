import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer, outboxDir } from './mailer.ts';

function recordingLog() {
  const lines: string[] = [];
  const log = {
    info: (_obj: unknown, msg?: string) => lines.push(msg ?? ''),
    debug: (_obj: unknown, msg?: string) => lines.push(`DEBUG ${msg ?? ''}`),
    error: (_obj: unknown, msg?: string) => lines.push(`ERROR ${msg ?? ''}`),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('outbox mailer', () => {
  it('writes each message as .json and .eml and logs its text at debug level only', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'filaha-mail-'));
    try {
      const { log, lines } = recordingLog();
      const mailer = createMailer({ smtpUrl: undefined, from: 'Filaha <no-reply@filaha.local>', dataDir, log });
      expect(mailer.kind).toBe('outbox');
      mailer.deliver({ to: 'a@test.filaha.dz', subject: 'Code — رمز', text: 'votre code 12345', html: '<p>12345</p>' });
      await mailer.flush();
      const files = (await readdir(outboxDir(dataDir))).sort();
      expect(files).toHaveLength(2);
      const jsonFile = files.find((f) => f.endsWith('.json')) ?? '';
      const entry = JSON.parse(await readFile(join(outboxDir(dataDir), jsonFile), 'utf8')) as Record<string, string>;
      expect(entry).toMatchObject({
        to: 'a@test.filaha.dz',
        from: 'Filaha <no-reply@filaha.local>',
        text: 'votre code 12345',
      });
      const eml = await readFile(join(outboxDir(dataDir), jsonFile.replace(/\.json$/, '.eml')), 'utf8');
      expect(eml).toMatch(/^To: a@test\.filaha\.dz$/m);
      expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
      // The text at debug level only: the info line names the file, not the body (issue 27).
      expect(lines.filter((l) => l.includes('votre code 12345'))).toEqual(['DEBUG mail text\nvotre code 12345']);
      expect(lines).toContain('mail written to outbox');
      await mailer.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('logs a failed background delivery instead of crashing', async () => {
    const { log, lines } = recordingLog();
    // Port 1 on loopback refuses connections at once.
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.dz', dataDir: tmpdir(), log });
    expect(mailer.kind).toBe('smtp');
    mailer.deliver({ to: 'a@test.filaha.dz', subject: 's', text: 't' });
    await mailer.flush();
    expect(lines.some((l) => l.startsWith('ERROR mail delivery failed'))).toBe(true);
    await mailer.close();
  });
});
