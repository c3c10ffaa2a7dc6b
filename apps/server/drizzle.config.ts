// drizzle-kit reads the schema and writes SQL migrations to ./drizzle; they are committed and applied at start.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
