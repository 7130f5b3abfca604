import { defineConfig } from 'drizzle-kit';

// `generate` only diffs the schema against migrations/meta, so no database connection is needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  casing: undefined,
});
