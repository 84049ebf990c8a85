import { and, asc, eq } from "drizzle-orm";
import { isInspirationTemplateId } from "../../src/domain/inspiration";
import { favoriteTemplates } from "../db/schema";
import type { UserCaller } from "./caller";

/** The user's favourite inspiration ideas, oldest first (favorite_templates by user). */
export async function listFavoriteTemplates(caller: UserCaller): Promise<string[]> {
  const rows = await caller.db
    .select({ templateId: favoriteTemplates.templateId })
    .from(favoriteTemplates)
    .where(and(eq(favoriteTemplates.userId, caller.user.id), caller.liveSession.stands))
    .orderBy(asc(favoriteTemplates.createdAt));
  await caller.liveSession.confirm(rows.length > 0);
  // An idea dropped from the gallery leaves its rows behind; they are not favourites of anything shown.
  return rows.map((row) => row.templateId).filter(isInspirationTemplateId);
}

/**
 * Sets whether an idea is one of the user's favourites. The client sends the state it wants, not
 * a flip, so a retried or doubled request leaves the same result (favorite_templates insert/delete).
 */
export async function setFavoriteTemplate(caller: UserCaller, input: { templateId: string; favorite: boolean }): Promise<{ templateId: string; favorite: boolean }> {
  const { db } = caller;
  const userId = caller.user.id;
  if (input.favorite) await db.insert(favoriteTemplates).values({ userId, templateId: input.templateId }).onConflictDoNothing();
  else await db.delete(favoriteTemplates).where(and(eq(favoriteTemplates.userId, userId), eq(favoriteTemplates.templateId, input.templateId)));
  return input;
}
