import { z } from "zod";
import { INSPIRATION_ID_MAX_LENGTH, isInspirationTemplateId } from "../../src/domain/inspiration";
import { router, signedInProcedure } from "../trpc/init";
import { listFavoriteTemplates, setFavoriteTemplate } from "../services/inspiration";

const templateId = z.string().max(INSPIRATION_ID_MAX_LENGTH).refine(isInspirationTemplateId, "Unknown inspiration idea");

/** The inspiration gallery's ideas are static (src/domain/inspiration.ts); favourites belong to the user, not to a pregnancy. */
export const inspirationRouter = router({
  favorites: router({
    list: signedInProcedure.query(({ ctx }) => listFavoriteTemplates(ctx.caller)),

    /** Favorite template toggle (core spec 4), sent as the wanted end state so it is idempotent. */
    toggle: signedInProcedure.input(z.object({ templateId, favorite: z.boolean() })).mutation(({ ctx, input }) => setFavoriteTemplate(ctx.caller, input)),
  }),
});
