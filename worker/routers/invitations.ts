import { z } from "zod";
import { createMailer } from "../services/mailer";
import { parentProcedure, router } from "../trpc/init";
import { resendInvitation, revokeInvitation } from "./invitations.service";

const participant = z.object({ participantId: z.uuid() });

export const invitationsRouter = router({
  resend: parentProcedure
    .input(participant)
    .mutation(({ ctx, input }) => resendInvitation(ctx.db, createMailer(ctx.env, ctx.db), ctx.origin, ctx.pregnancy.id, input.participantId, ctx.user.id)),

  revoke: parentProcedure.input(participant).mutation(({ ctx, input }) => revokeInvitation(ctx.db, ctx.pregnancy.id, input.participantId)),
});
