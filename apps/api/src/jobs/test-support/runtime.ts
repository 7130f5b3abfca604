import { catalogPolls, desc, type Database } from '@filaha/db';
import type { createImagery } from '../../lib/imagery/imagery.ts';
import { createMailer } from '../../lib/mailer.ts';
import { createJobRuntime, type JobRuntime } from '../runtime.ts';
import { waitFor } from './catalog.ts';

/** Logs nothing but errors. */
export const silentLog = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (obj: object, msg: string) => console.error(msg, obj),
};

/**
 * The job queue in-process, as the embedded default runs it: 2 workers, the default schedule, retries after 1 s,
 * e-mails to the outbox of `dataDir`, on the catalog of `imagery`. It starts with its first use (`boss()`).
 */
export function inProcessRuntime(
  database: Database,
  imagery: ReturnType<typeof createImagery>,
  dataDir: string,
): JobRuntime {
  return createJobRuntime({
    database,
    config: {
      stacApiUrl: undefined,
      jobs: { workers: 2, pollSchedule: '0 */6 * * *', timeoutSeconds: 60, retryDelaySeconds: 1 },
    },
    imagery,
    mailer: createMailer({ smtpUrl: undefined, from: 'Filaha <t@filaha.local>', dataDir, log: silentLog as never }),
    log: silentLog,
  });
}

/** The latest catalog poll's row. */
export const lastPoll = async (database: Database) =>
  (await database.db.select().from(catalogPolls).orderBy(desc(catalogPolls.id)).limit(1))[0];

/** "Run the catalog poll now", then that poll's row once it has finished. */
export async function runPollNow(database: Database, runtime: JobRuntime) {
  const before = (await lastPoll(database))?.id ?? 0;
  // Queued unless a poll is still waiting or running (then that one sees the same catalog).
  await waitFor('the poll to be queued', async () => (await runtime.pollNow('manual')) || undefined);
  return waitFor('the manual poll', async () => {
    const poll = await lastPoll(database);
    return poll && poll.id > before && poll.finishedAt ? poll : undefined;
  });
}
