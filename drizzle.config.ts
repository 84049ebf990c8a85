import { defineConfig } from "drizzle-kit";

// `drizzle-kit generate` works offline from the schema; `npm run db:migrate` applies the SQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./worker/db/schema/index.ts",
  out: "./drizzle",
  casing: undefined,
});
