import { z } from "zod";
import { GUEST_PRIVACY_LEVELS, GUEST_RELATIONSHIPS, PERMISSION_FLAGS } from "../../src/domain/enums";
import { parentProcedure, participantProcedure, router } from "../trpc/init";
import { leavePregnancy } from "../services/leaving";
import { listParticipantSettings, removeGuest, updateGuest } from "../services/participants";
import { rawText } from "./inputs";
import { TITLE_MAX_LENGTH } from "../../src/domain/textLimits";

const allFlags = z.object(Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<(typeof PERMISSION_FLAGS)[number], z.ZodBoolean>);

export const participantsRouter = router({
  list: parentProcedure.query(({ ctx }) => listParticipantSettings(ctx.caller)),

  update: parentProcedure
    .input(
      z.object({
        participantId: z.uuid(),
        title: rawText(TITLE_MAX_LENGTH).nullable().optional(),
        relationship: z.enum(GUEST_RELATIONSHIPS).nullable().optional(),
        privacyLevel: z.enum(GUEST_PRIVACY_LEVELS).optional(),
        permissions: allFlags.optional(),
      }),
    )
    .mutation(({ ctx, input }) => updateGuest(ctx.caller, input)),

  remove: parentProcedure.input(z.object({ participantId: z.uuid() })).mutation(({ ctx, input }) => removeGuest(ctx.caller, input.participantId)),

  /** The caller leaves (a guest or the partner), keeping or removing what they added. */
  leave: participantProcedure.input(z.object({ removeContributions: z.boolean() })).mutation(({ ctx, input }) => leavePregnancy(ctx.caller, input)),
});
