import { defineProject } from 'vitest/config';
import { sourceConditions, testWorkers } from '../../vitest.shared.ts';

export default defineProject({
  ...sourceConditions,
  test: { name: 'shared', include: ['src/**/*.test.ts'], maxWorkers: testWorkers },
});
