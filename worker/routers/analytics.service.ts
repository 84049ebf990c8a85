import { storedProperties, type CheckedConversionEvent } from "../../src/domain/analytics";
import type { Db } from "../db";
import { analyticsEvents } from "../db/schema";

/** Stores one checked conversion event, linked to the user when one is signed in. */
export async function recordConversion(db: Db, userId: string | null, event: CheckedConversionEvent): Promise<void> {
  await db.insert(analyticsEvents).values({ name: event.name, userId, properties: storedProperties(event) });
}
