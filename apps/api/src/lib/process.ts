import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';

/*
 * What the two entry points (server.ts: the API, worker.ts: a jobs-only process) share around their lifetime:
 * reading the configuration, and stopping on a signal.
 */

/** The configuration of `env`; a setting at fault ends the process with its one-line message. */
export function configOrExit(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

export interface StopOnSignals {
  /** Called once, on the first signal (before `close`). */
  onSignal(signal: NodeJS.Signals): void;
  /** Releases what the process holds; exit 0 once it resolves. */
  close(): Promise<void>;
  /** Exit 1 if `close` has not resolved by then. */
  timeoutMs: number;
  /** Printed when the time is up, and (followed by the error) when `close` fails. */
  messages: { timedOut: string; failed: string };
}

/**
 * On SIGINT or SIGTERM, runs `close` and exits: 0 once it is done, 1 if it fails or takes longer than
 * `timeoutMs`. A second signal exits at once (1): a second Ctrl-C means "now".
 */
export function stopOnSignals({ onSignal, close, timeoutMs, messages }: StopOnSignals): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    onSignal(signal);
    setTimeout(() => {
      console.error(messages.timedOut);
      process.exit(1);
    }, timeoutMs).unref();
    void (async () => {
      try {
        await close();
        process.exit(0);
      } catch (err) {
        console.error(messages.failed, err);
        process.exit(1);
      }
    })();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/**
 * Where the JSON log goes: LOG_FILE when set; otherwise, for a person who ran `npm start` in a terminal, a file in
 * the data folder (the terminal keeps the address, the accounts, where mail goes, and warnings and errors); for a
 * service manager or a container (no terminal), the standard output.
 */
export function logDestination(config: Pick<Config, 'logFile' | 'dataDir'>, terminal: boolean): string | undefined {
  return config.logFile ?? (terminal ? join(config.dataDir, 'logs', 'api.log') : undefined);
}
