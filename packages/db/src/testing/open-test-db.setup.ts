// A setup file of the database projects: the worker's test database (getTestDb, cached per worker) is opened in a
// hook, with the hook's time limit, before a file's first test. Opened inside a test instead, loading the template
// (about 7 s of CPU alone, several times that on a loaded 2-core CI machine) counted against that one test's limit:
// rules.test.ts's first case timed out so at 60 s in a CI run (stop 35).
import { beforeAll } from 'vitest';
import { getTestDb } from './index.ts';

beforeAll(async () => {
  await getTestDb();
});
