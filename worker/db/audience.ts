import { inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { guestLevelOf, visibleItemLevels } from "../../src/domain/audience";
import type { PregnancyAccess } from "../trpc/access";

/**
 * The SQL side of the audience rule: parents see every item; a guest sees items at their privacy
 * level or further out ('parents-only' never). Undefined means no filter.
 */
export function audienceFilter(column: PgColumn, viewer: Pick<PregnancyAccess, "isParent" | "role" | "privacyLevel">): SQL | undefined {
  if (viewer.isParent) return undefined;
  return inArray(column, visibleItemLevels(guestLevelOf(viewer)));
}
