import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/neon-serverless/migrator";
import { openNodeDb } from "./node-db";

const migrationsFolder = fileURLToPath(new URL("../drizzle", import.meta.url));

/** Applies the committed drizzle-kit migrations (idempotent: applied ones are skipped). */
export async function migrateDatabase(databaseUrl: string, localWsProxy: string | undefined): Promise<void> {
  const { db, close } = openNodeDb(databaseUrl, localWsProxy);
  try {
    await migrate(db, { migrationsFolder });
  } finally {
    await close();
  }
}

// `npm run db:migrate` against DATABASE_URL (Neon or any Postgres reachable over WebSocket).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("Set DATABASE_URL to the database to migrate.");
    process.exit(1);
  }
  await migrateDatabase(url, process.env.LOCAL_WS_PROXY);
  console.log("Migrations applied.");
}
