import { z } from "zod";
import { flaggedProcedure, router } from "../trpc/init";
import { listContacts, rsvpHistory } from "../services/contacts";

/** The pregnancy's contacts (core spec 2 and 6): parents have every flag, guests need canViewContacts. */
export const contactsRouter = router({
  list: flaggedProcedure("canViewContacts").query(({ ctx }) => listContacts(ctx.caller)),

  rsvpHistory: flaggedProcedure("canViewContacts")
    .input(z.object({ participantId: z.uuid() }))
    .query(({ ctx, input }) => rsvpHistory(ctx.caller, input.participantId)),
});
