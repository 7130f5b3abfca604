// A build step run on behalf of `npm start`, `npm run worker` or `npm test` (issue 27 §3): its output (compiler
// notes, chunk sizes, the bundler's and plugins' warnings) is not what a person starting the platform needs, so it
// goes to a log file, and the terminal gets one line when the step starts and one when it ends. When the step
// fails, the end of its output is printed after all, with the log's path.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** How many of the log's last lines a failed step prints. */
export const FAILURE_TAIL_LINES = 60;

/**
 * Runs `cmd args` with stdout and stderr appended to `logFile`; prints `${label}…` and then `${label}: done in N s`
 * (or the failure and the log's tail) through `print`. Resolves to the exit status.
 */
export function runQuietly(label, cmd, args, { cwd, logFile, print = (line) => console.log(line) }) {
  mkdirSync(dirname(logFile), { recursive: true });
  // The log keeps earlier steps and starts; a failure prints this step's part only.
  const offset = statSync(logFile, { throwIfNoEntry: false })?.size ?? 0;
  const log = createWriteStream(logFile, { flags: 'a' });
  log.write(`\n$ ${[cmd, ...args].join(' ')}   (${new Date().toISOString()})\n`);
  print(`${label}…`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let finished = false;
    const finish = (status) => {
      if (finished) return;
      finished = true;
      log.end(() => {
        if (status === 0)
          print(`${label}: done in ${Math.round((Date.now() - started) / 1000)} s (details: ${logFile})`);
        else {
          const lines = readFileSync(logFile).subarray(offset).toString('utf8').trim().split('\n');
          print(lines.slice(-FAILURE_TAIL_LINES).join('\n'));
          print(`${label}: failed (exit status ${status}); the whole output is in ${logFile}`);
        }
        resolve(status);
      });
    };
    child.on('error', (error) => {
      log.write(`${error.message}\n`);
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}
