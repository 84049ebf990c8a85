import { z } from "zod";
import { flaggedProcedure, router, signedInProcedure } from "../trpc/init";
import { listMyPregnancies, listParticipants } from "./pregnancy.service";

export const pregnancyRouter = router({
  /**
   * The caller's pregnancies (core spec 4): the active pregnancy for a parent, and the guest
   * pregnancies with the one selected by `preg`, a stored choice, or the soonest due date.
   */
  mine: signedInProcedure
    .input(
      z
        .object({
          preg: z.uuid().optional(),
          storedChoice: z.object({ id: z.uuid(), ts: z.number().int().nonnegative() }).optional(),
        })
        .optional(),
    )
    .query(({ ctx, input }) => listMyPregnancies(ctx.db, ctx.user.id, input?.preg, input?.storedChoice, Date.now())),

  /** get_pregnancy_participants_safe: who takes part, for those allowed to see contacts. */
  participants: flaggedProcedure("canViewContacts").query(({ ctx }) => listParticipants(ctx.db, ctx.pregnancy.id)),
});
