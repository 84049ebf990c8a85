import { and, eq, sql } from "drizzle-orm";
import { isInspirationTemplateId } from "../../src/domain/inspiration";
import { favoriteTemplates, users } from "../db/schema";
import type { UserCaller } from "./caller";

/** The user's favourite inspiration ideas, oldest first (favorite_templates by user). */
export async function listFavoriteTemplates(caller: UserCaller): Promise<string[]> {
  // One row (the user's) with the session's check beside the list: one statement even with no favourites.
  const [row] = await caller.db
    .select({
      stands: caller.liveSession.stands,
      templateIds: sql<string[] | null>`(select array_agg(${favoriteTemplates.templateId} order by ${favoriteTemplates.createdAt}) from ${favoriteTemplates} where ${favoriteTemplates.userId} = ${caller.user.id})`,
    })
    .from(users)
    .where(eq(users.id, caller.user.id));
  await caller.liveSession.confirm(row?.stands === true);
  // An idea dropped from the gallery leaves its rows behind; they are not favourites of anything shown.
  return (row?.templateIds ?? []).filter(isInspirationTemplateId);
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
