#!/usr/bin/env node
// The Node.js guard of `npm start`, `npm test`, `npm run build`, `npm run dev` and `npm run worker`: on an older
// Node.js it prints one line (the version needed and how to get it) and exits 1 before anything runs. `npm ci`
// refuses by itself (`engine-strict=true` in .npmrc, against `engines.node` of package.json). No dependencies and
// nothing newer than Node 16 syntax, so that any old Node.js can read it.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REQUIRED_MAJOR = 24;

/** The one line saying that `version` (e.g. "20.20.2" or "v20.20.2") is too old, or null when it will do. */
export function nodeVersionProblem(version) {
  const clean = String(version).replace(/^v/, '');
  const major = Number(clean.split('.')[0]);
  if (major >= REQUIRED_MAJOR) return null;
  return (
    `Filaha needs Node.js ${REQUIRED_MAJOR} or newer, this is Node.js ${clean}: install Node.js ${REQUIRED_MAJOR} ` +
    `(https://nodejs.org/en/download, or \`nvm install ${REQUIRED_MAJOR}\`), then run \`npm ci\` again.`
  );
}

const invoked = process.argv[1] ? realpathSync(process.argv[1]) : '';
if (invoked === fileURLToPath(import.meta.url)) {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
