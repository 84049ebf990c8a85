import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { guestLevelOf, visibleItemLevels } from "../../src/domain/audience";
import type { PregnancyAccess } from "../services/access";

type AudienceViewer = Pick<PregnancyAccess, "isParent" | "role" | "privacyLevel">;

/**
 * The SQL side of the audience rule: parents see every item; a guest sees items at their privacy
 * level or further out ('parents-only' never). Undefined means no filter.
 */
export function audienceFilter(column: PgColumn, viewer: AudienceViewer): SQL | undefined {
  if (viewer.isParent) return undefined;
  return inArray(column, visibleItemLevels(guestLevelOf(viewer)));
}

/** The columns of an item that may name audience groups and always shows to its author. */
export interface AudienceColumns {
  privacyLevel: PgColumn;
  audienceGroups: PgColumn;
  authorId: PgColumn;
}

/**
 * The whole rule of src/domain/audience.ts canSeeItem for items with audience groups: parents see
 * everything, the author their own, a guest the items of their circles when groups are named and
 * otherwise by level.
 */
export function itemAudienceFilter(item: AudienceColumns, viewer: AudienceViewer, userId: string): SQL | undefined {
  const byLevel = audienceFilter(item.privacyLevel, viewer);
  if (!byLevel) return undefined;
  const level = guestLevelOf(viewer);
  return or(
    eq(item.authorId, userId),
    sql`${level} = any(${item.audienceGroups})`,
    and(sql`cardinality(${item.audienceGroups}) = 0`, byLevel),
  );
}
