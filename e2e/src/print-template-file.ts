// Prints the migrated PGlite template's file (@filaha/db/testing's pgliteTemplateFile, built once per machine). Run as
// a process of its own by global-setup.ts: vitest loads a global setup without the `@filaha/source` condition.
import { pgliteTemplateFile } from '@filaha/db/testing';

process.stdout.write(await pgliteTemplateFile());
