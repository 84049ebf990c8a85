import { z } from "zod";
import { personNameSchema } from "../../src/domain/auth";
import { MEASUREMENT_SYSTEMS, NOTIFICATION_PREFERENCES } from "../../src/domain/enums";
import { otpCodeSchema } from "../../src/domain/auth";
import { publicProcedure, rateLimited, router, signedInProcedure } from "../trpc/init";
import { ACCOUNT_DELETION_PHOTOS } from "../../src/domain/accountDeletion";
import { deleteAccount, sendDeletionCode } from "../services/accountDeletion";
import { modeContext, notificationPreferences, profile, sessionView, setMeasurementSystem, setNotificationPreferences, setTimeZone, updateProfile } from "../services/account";
import { timeZoneSchema } from "../../src/domain/timeZones";

const preferences = z.object(Object.fromEntries(NOTIFICATION_PREFERENCES.map((p) => [p, z.boolean()])) as Record<(typeof NOTIFICATION_PREFERENCES)[number], z.ZodBoolean>);

export const accountRouter = router({
  /**
   * The caller's session (null when signed out) as the database has it, like /api/auth/get-session
   * but without the token, which stays in its httpOnly cookie: one statement reads the session's row
   * and its user. The app's route guard reads it here, so it leaves in the first tRPC batch with the
   * shell's own reads instead of a request of its own; the app also asks it again after a confirmation.
   */
  session: publicProcedure.query(async ({ ctx }) => {
    const current = await ctx.freshSession();
    return current ? sessionView(current) : null;
  }),

  /** The signed-in user's profile (spec users: id, first_name, last_name, avatar_url, email). */
  me: signedInProcedure.query(({ ctx }) => profile(ctx.caller)),

  updateProfile: signedInProcedure.input(z.object({ firstName: personNameSchema, lastName: personNameSchema })).mutation(({ ctx, input }) => updateProfile(ctx.caller, input)),

  modeContext: signedInProcedure.query(({ ctx }) => modeContext(ctx.caller)),

  notificationPreferences: signedInProcedure.query(({ ctx }) => notificationPreferences(ctx.caller)),

  setNotificationPreferences: signedInProcedure.input(preferences).mutation(({ ctx, input }) => setNotificationPreferences(ctx.caller, input)),

  /** The browser's IANA time zone, sent when the session's stored one differs (the weekly digest's morning). */
  setTimeZone: signedInProcedure.input(z.object({ timeZone: timeZoneSchema })).mutation(({ ctx, input }) => setTimeZone(ctx.caller, input.timeZone)),

  /** Imperial or metric for the baby's weight and length; the session carries it back. */
  setMeasurementSystem: signedInProcedure
    .input(z.object({ measurementSystem: z.enum(MEASUREMENT_SYSTEMS) }))
    .mutation(({ ctx, input }) => setMeasurementSystem(ctx.caller, input.measurementSystem)),

  /** Deleting the account: a code to the account's mailbox, then the code (issue 20). */
  deletion: router({
    sendCode: signedInProcedure.use(rateLimited("accountDeletionCode")).mutation(({ ctx }) => sendDeletionCode(ctx.caller)),
    confirm: signedInProcedure
      .use(rateLimited("accountDeletion"))
      // What happens to the account's photos is stated by the person deleting, never assumed.
      .input(z.object({ code: otpCodeSchema, photos: z.enum(ACCOUNT_DELETION_PHOTOS) }))
      .mutation(({ ctx, input }) => deleteAccount(ctx.caller, input)),
  }),
});
