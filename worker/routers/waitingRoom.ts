import { z } from "zod";
import { BABY_GAME_MAX_LENGTH_INCHES, BABY_GAME_MAX_WEIGHT_POUNDS, BABY_GAME_MIN_LENGTH_INCHES } from "../../src/domain/babyGame";
import { MEASUREMENT_SYSTEMS } from "../../src/domain/enums";
import { audienceGroupsSchema } from "../../src/domain/photos";
import { sanitizeTitle } from "../../src/domain/sanitize";
import { TITLE_MAX_LENGTH } from "../../src/domain/textLimits";
import { parseEventTime } from "../../src/domain/time";
import { isReactionEmoji, isUuid } from "../../src/domain/messaging";
import { storedImageName } from "../infra/storage";
import { flaggedProcedure, parentProcedure, router } from "../trpc/init";
import {
  activateWaitingRoom,
  deleteGroupMessage,
  getWaitingRoomState,
  listConversations,
  listDirectMessages,
  listMessages,
  listRoomMembers,
  listReplies,
  markBabyHere,
  recordBirth,
  markConversationRead,
  markFalseAlarm,
  openConversation,
  postParentUpdate,
  sendDirectMessage,
  sendGroupMessage,
  setReaction,
} from "../services/waitingRoom";
import { rawText } from "./inputs";
import { SHARED_SEXES, WAITING_ROOM_MESSAGE_MAX_LENGTH } from "../../src/domain/waitingRoom";
import { dateOnlySchema } from "../../src/domain/dateSchema";

/** Client-generated ids (messages) and ids of reactions and replies: the 36-character UUID form. */
const messageId = z.string().refine(isUuid, "Invalid id");
const messageText = rawText(WAITING_ROOM_MESSAGE_MAX_LENGTH);

/** The caller's IANA time zone: the clock a time of birth was read on, and the closing time's. */
const callerTimeZone = z.string().max(TITLE_MAX_LENGTH).default("UTC");

/**
 * A baby's birth as the parents tell it, in the waiting room's baby-here or in Settings: its name
 * and sex when they share them, the time on their clock, the sizes as the baby game stores them
 * (decimal pounds, inches) and the units they were typed in, and the circles told.
 */
const birthDetailsInput = z.object({
  timeZone: callerTimeZone,
  name: rawText(TITLE_MAX_LENGTH).transform(sanitizeTitle).optional(),
  sex: z.enum(SHARED_SEXES).optional(),
  audienceGroups: audienceGroupsSchema.optional(),
  weightPounds: z.number().positive().max(BABY_GAME_MAX_WEIGHT_POUNDS).optional(),
  lengthInches: z.number().min(BABY_GAME_MIN_LENGTH_INCHES).max(BABY_GAME_MAX_LENGTH_INCHES).optional(),
  measurementSystem: z.enum(MEASUREMENT_SYSTEMS).optional(),
  time: z
    .string()
    .optional()
    .transform((value, check) => {
      if (value === undefined || value.trim() === "") return undefined;
      const parsed = parseEventTime(value);
      if (parsed.ok) return parsed.value;
      check.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
});

const waitingRoomProcedure = flaggedProcedure("canAccessWaitingRoom");

export const waitingRoomRouter = router({
  state: waitingRoomProcedure.query(({ ctx }) => getWaitingRoomState(ctx.caller)),

  /** Everyone who may be in the room, for names, presence and starting a direct message. */
  members: waitingRoomProcedure.query(({ ctx }) => listRoomMembers(ctx.caller)),

  messages: router({
    list: waitingRoomProcedure.input(z.object({ before: messageId.optional() })).query(({ ctx, input }) => listMessages(ctx.caller, input)),

    replies: waitingRoomProcedure
      // `cursor` is the offset of the page (tRPC's infinite queries name it so).
      .input(z.object({ messageId, cursor: z.number().int().min(0).default(0) }))
      .query(({ ctx, input }) => listReplies(ctx.caller, { messageId: input.messageId, offset: input.cursor })),

    send: waitingRoomProcedure
      .input(z.object({ id: messageId, content: messageText, imageName: storedImageName.optional(), clipId: z.uuid().optional(), parentMessageId: messageId.optional() }))
      .mutation(({ ctx, input }) => sendGroupMessage(ctx.caller, input)),

    /** Ours: the author, or a parent, deletes a message with its replies and the images they showed. */
    delete: waitingRoomProcedure.input(z.object({ messageId })).mutation(({ ctx, input }) => deleteGroupMessage(ctx.caller, input.messageId)),
  }),

  reactions: router({
    /** Sets the caller's reaction to the wanted state, so a retried toggle never flips it back. */
    toggle: waitingRoomProcedure
      .input(z.object({ messageId, emoji: z.string().refine(isReactionEmoji, "Invalid emoji"), reacted: z.boolean() }))
      .mutation(({ ctx, input }) => setReaction(ctx.caller, input)),
  }),

  dms: router({
    conversations: waitingRoomProcedure.query(({ ctx }) => listConversations(ctx.caller)),

    open: waitingRoomProcedure.input(z.object({ otherUserId: z.string().min(1) })).mutation(async ({ ctx, input }) => {
      const conversation = await openConversation(ctx.caller, input.otherUserId);
      return { id: conversation.id };
    }),

    messages: waitingRoomProcedure
      .input(z.object({ conversationId: z.uuid(), before: messageId.optional() }))
      .query(({ ctx, input }) => listDirectMessages(ctx.caller, input)),

    send: waitingRoomProcedure
      .input(z.object({ id: messageId, recipientId: z.string().min(1), content: messageText }))
      .mutation(({ ctx, input }) => sendDirectMessage(ctx.caller, input)),

    markRead: waitingRoomProcedure.input(z.object({ conversationId: z.uuid() })).mutation(({ ctx, input }) => markConversationRead(ctx.caller, input.conversationId)),
  }),

  /** waiting-room-activate */
  activate: parentProcedure.mutation(({ ctx }) => activateWaitingRoom(ctx.caller)),

  /** waiting-room-parent-update: a pinned parent update, posted under the client's id like any message, mailed to the guests who receive updates. */
  postUpdate: parentProcedure
    .input(z.object({ id: messageId, content: messageText, imageName: storedImageName.optional(), clipId: z.uuid().optional() }))
    .mutation(({ ctx, input }) => postParentUpdate(ctx.caller, input)),

  /** waiting-room-state-update, state false-alarm. */
  falseAlarm: parentProcedure.input(z.object({ timeZone: callerTimeZone })).mutation(({ ctx, input }) => markFalseAlarm(ctx.caller, input.timeZone)),

  /** waiting-room-state-update, state baby-here: one baby's arrival (twins one at a time), its details when the parents give them, told to the circles they choose. */
  babyHere: parentProcedure
    .input(birthDetailsInput.extend({ babyId: messageId.optional(), imageName: storedImageName.optional(), clipId: z.uuid().optional() }))
    .mutation(({ ctx, input }) => markBabyHere(ctx.caller, input)),

  /** Ours: baby-here without the room (Settings), on the day the parents name, told to the family only when they ask. */
  recordBirth: parentProcedure
    .input(birthDetailsInput.extend({ babyId: z.uuid(), birthDate: dateOnlySchema, tellFamily: z.boolean() }))
    .mutation(({ ctx, input }) => recordBirth(ctx.caller, input)),
});
