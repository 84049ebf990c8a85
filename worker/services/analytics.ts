import { storedProperties, type CheckedConversionEvent } from "../../src/domain/analytics";
import { analyticsEvents } from "../db/schema";
import type { RequestScope } from "./caller";

/** Stores one checked conversion event, linked to the user when one is signed in. */
export async function recordConversion(scope: RequestScope, event: CheckedConversionEvent, userId: string | null): Promise<void> {
  await scope.db.insert(analyticsEvents).values({ name: event.name, userId, properties: storedProperties(event) });
}
