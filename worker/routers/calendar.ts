import { z } from "zod";
import { itemPrivacyLevelSchema } from "../../src/domain/audience";
import { RSVP_ANSWERS } from "../../src/domain/calendar";
import { dateOnlySchema } from "../../src/domain/dateSchema";
import { EVENT_CATEGORIES } from "../../src/domain/enums";
import { MILESTONE_KEYS } from "../../src/domain/milestones";
import { flaggedProcedure, participantProcedure, publicProcedure, rateLimited, router } from "../trpc/init";
import {
  answerRsvp,
  answerRsvpByToken,
  createEvent,
  deleteEvent,
  feedUrl,
  getEvent,
  invitationForToken,
  inviteToEvent,
  listEvents,
  revokeFeed,
  uninvite,
  updateEvent,
} from "../services/calendar";
import { addMilestones, suggestedMilestones } from "../services/calendarMilestones";
import { rawText } from "./inputs";
import { LOCATION_MAX_LENGTH, NOTES_MAX_LENGTH, QUESTIONS_MAX_LENGTH, TITLE_MAX_LENGTH } from "../../src/domain/textLimits";
import { PHOTO_LAST_WEEK } from "../../src/domain/photos";

/** Ours: the longest typed time ('12:30:00' or '12:30 p.m.' with spaces). */
const TIME_INPUT_MAX_LENGTH = 16;
/** Ours: people invited to one event in one call. */
const INVITE_BATCH_MAX = 100;

/** Editable fields; on an update an absent field stays as it is and empty text clears it. */
const eventFields = z.object({
  title: rawText(TITLE_MAX_LENGTH).optional(),
  notes: rawText(NOTES_MAX_LENGTH).optional(),
  questions: rawText(QUESTIONS_MAX_LENGTH).optional(),
  location: rawText(LOCATION_MAX_LENGTH).optional(),
  date: dateOnlySchema.optional(),
  /** As typed ('2:30 PM', '14:30', '14:30:00'); parsed on the server, empty for all day. */
  time: z.string().max(TIME_INPUT_MAX_LENGTH).optional(),
  category: z.enum(EVENT_CATEGORIES).optional(),
  weekNumber: z.number().int().min(0).max(PHOTO_LAST_WEEK).nullable().optional(),
  privacyLevel: itemPrivacyLevelSchema.optional(),
  isArchived: z.boolean().optional(),
});

const eventId = z.object({ eventId: z.uuid() });
const rsvpToken = z.object({ token: z.uuid() });

/**
 * Calendar rights (core spec 6): a parent has them all; otherwise creating, editing, deleting and
 * inviting need canEditCalendar, and what a guest sees follows canViewCalendarEvents, their level
 * and their own invitations (the filter inside listEvents/getEvent).
 */
const editProcedure = flaggedProcedure("canEditCalendar");

export const calendarRouter = router({
  /**
   * /calendar's read, by date; `from`/`to` bound the month or week on screen. A guest needs
   * canViewCalendarEvents to open the calendar (mayOpenArea); an invitation alone still opens its
   * one event (`get`) and answers it.
   */
  list: flaggedProcedure("canViewCalendarEvents")
    .input(z.object({ from: dateOnlySchema.optional(), to: dateOnlySchema.optional(), includeArchived: z.boolean().optional() }))
    .query(({ ctx, input }) => listEvents(ctx.caller, input)),

  get: participantProcedure.input(eventId).query(({ ctx, input }) => getEvent(ctx.caller, input.eventId)),

  /** `id` is made by the client, so the optimistic event and a retried create stay one event. */
  create: editProcedure
    .input(eventFields.extend({ id: z.uuid(), title: rawText(TITLE_MAX_LENGTH), date: dateOnlySchema, category: z.enum(EVENT_CATEGORIES) }))
    .mutation(({ ctx, input }) => createEvent(ctx.caller, input)),

  update: editProcedure.input(eventFields.extend(eventId.shape)).mutation(({ ctx, input }) => updateEvent(ctx.caller, input)),

  delete: editProcedure.input(eventId).mutation(({ ctx, input }) => deleteEvent(ctx.caller, input.eventId)),

  /** send-rsvp-notification {eventId, participantIds, notificationType 'invitation'} (core spec 7). */
  invite: editProcedure
    .input(eventId.extend({ participantIds: z.array(z.uuid()).min(1).max(INVITE_BATCH_MAX), notificationType: z.literal("invitation").default("invitation") }))
    .mutation(({ ctx, input }) => inviteToEvent(ctx.caller, input)),

  uninvite: editProcedure.input(eventId.extend({ userId: z.string().min(1) })).mutation(({ ctx, input }) => uninvite(ctx.caller, input)),

  /** The signed-in invitee's answer. */
  rsvp: participantProcedure.input(eventId.extend({ status: z.enum(RSVP_ANSWERS) })).mutation(({ ctx, input }) => answerRsvp(ctx.caller, input)),

  /** The one-click links in invitation mail: the token is the proof, no sign-in needed. */
  invitation: router({
    get: publicProcedure.use(rateLimited("rsvpToken")).input(rsvpToken).query(({ ctx, input }) => invitationForToken(ctx, input.token)),
    answer: publicProcedure
      .use(rateLimited("rsvpToken"))
      .input(rsvpToken.extend({ status: z.enum(RSVP_ANSWERS) }))
      .mutation(({ ctx, input }) => answerRsvpByToken(ctx, input)),
  }),

  /**
   * Suggested milestones (issue 8), both behind the calendar edit right: the list also tells which
   * milestones are on the calendar, parents-only ones included.
   */
  milestones: router({
    suggestions: editProcedure.query(({ ctx }) => suggestedMilestones(ctx.caller)),
    add: editProcedure
      .input(z.object({ keys: z.array(z.enum(MILESTONE_KEYS)).min(1).max(MILESTONE_KEYS.length) }))
      .mutation(({ ctx, input }) => addMilestones(ctx.caller, input.keys)),
  }),

  /** The caller's private iCalendar subscription URL for this pregnancy (beyond the spec). */
  feed: router({
    get: participantProcedure.query(({ ctx }) => feedUrl(ctx.caller)),
    revoke: participantProcedure.mutation(({ ctx }) => revokeFeed(ctx.caller)),
  }),
});
