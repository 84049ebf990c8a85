/**
 * The operator's view of the durable outbox (README, "Mail and push delivery"), against DATABASE_URL
 * (Neon, or any Postgres reachable over WebSocket; LOCAL_WS_PROXY for a local one):
 *   npm run outbox -- status    how many mails and pushes are in each state
 *   npm run outbox -- redrive   dead rows go back to pending; the Worker's sweep sends them within a minute
 */
import { fileURLToPath } from "node:url";
import { outboxStatus, redriveDead } from "../worker/services/outboxDelivery";
import { openNodeDb } from "./node-db";

const COMMANDS = ["status", "redrive"] as const;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = process.env.DATABASE_URL;
  const command = process.argv[2];
  if (!url || !COMMANDS.some((c) => c === command)) {
    console.error(`Usage: DATABASE_URL=... npm run outbox -- ${COMMANDS.join("|")}`);
    process.exit(1);
  }
  const { db, close } = openNodeDb(url, process.env.LOCAL_WS_PROXY);
  try {
    if (command === "redrive") {
      const { mail, push } = await redriveDead(db, new Date());
      console.log(`Re-driven: ${mail} mails and ${push} pushes; the sweep enqueues them within a minute.`);
    }
    console.log(JSON.stringify(await outboxStatus(db), null, 2));
  } finally {
    await close();
  }
}
