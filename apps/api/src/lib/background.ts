import type { FastifyBaseLogger } from 'fastify';

/** Runs a task after the current answer has been sent; failures are logged, never thrown to the caller. */
export type Defer = (name: string, task: () => Promise<void>) => void;

export interface BackgroundTasks {
  run: Defer;
  /** Resolves once every task started so far (and any they started) has finished: tests, graceful shutdown. */
  idle(): Promise<void>;
}

/**
 * Work a request triggers but does not wait for. The task starts on a later turn of the event loop
 * (setImmediate), after the handler has returned and its answer is on its way.
 */
export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
