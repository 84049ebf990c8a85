import { and, asc, count, desc, eq, inArray, isNull, lt, max, or, sql } from "drizzle-orm";
import type { RoomDirectMessage, RoomEvent, RoomMessage } from "../../src/domain/pregnancyRoom";
import { MINIMUM_SEND_GAP_MS, TOO_FAST_MESSAGE, checkSendThrottle, conversationPair, dmPreview, type MessageChannel } from "../../src/domain/messaging";
import { guestLevelOf } from "../../src/domain/audience";
import type { GuestPrivacyLevel } from "../../src/domain/enums";
import { isParentRole } from "../../src/domain/permissions";
import { todayIn } from "../../src/domain/timeZones";
import { sanitizePlainText } from "../../src/domain/sanitize";
import { BABY_HERE_CLOSE_MS, type BabyDetails, babyHereNotice, birthHeadline, birthNotice, checkBirthDate, type BirthOrder, FALSE_ALARM_CLOSE_MS, falseAlarmNotice, formatClosingTime, WAITING_ROOM_INITIAL_LOAD, WAITING_ROOM_MESSAGE_MAX_LENGTH, WAITING_ROOM_REPLY_PAGE_SIZE, type ActivationOutcome, waitingRoomActivation, waitingRoomState } from "../../src/domain/waitingRoom";
import type { Db, Executor, Tx } from "../db";
import {
  contactNotifications,
  photos,
  pregnancies,
  pregnancyBabies,
  pregnancyParticipants,
  userPreferences,
  users,
  waitingRoomConversations,
  waitingRoomDmMessages,
  waitingRoomImages,
  waitingRoomMessages,
  waitingRoomReactions,
  waitingRoomSessions,
} from "../db/schema";
import { tellFeed, tellRoom } from "../infra/rooms";
import { composeMail } from "../infra/mailer";
import { waitingRoomImageKey } from "../infra/storage";
import { loadPregnancyAccess } from "./access";
import type { PregnancyCaller } from "./caller";
import { changeStorageUsed } from "./photoStorage";
import { removeObjects } from "./photos";
import { AppError, assertInPregnancy } from "./errors";
import { listParticipantsWithPermissions } from "./participants";
import { LOSS_TEXTS } from "../../src/domain/pregnancyLoss";
import { babyHerePush, directMessagePush, falseAlarmPush, parentUpdatePush, waitingRoomActivatedPush } from "../../src/domain/push";
import { notifyMembers } from "./push";
import { announce as announceCalendar } from "./calendar";
import { putBirthdayOnCalendar } from "./calendarMilestones";

/** Fan-out runs after the write has committed and never fails the write: clients catch up from the database. */
const announce = (caller: PregnancyCaller, event: RoomEvent, to?: string[]) => caller.waitUntil(tellRoom(caller.env, caller.access.id, event, to));

const tooFast = () => new AppError("TOO_MANY_REQUESTS", "TOO_FAST", TOO_FAST_MESSAGE);
const idTaken = () => new AppError("CONFLICT", "ID_TAKEN", "This message id is already used");
const notFound = (what: string) => new AppError("NOT_FOUND", "NOT_FOUND", `${what} not found`);

/**
 * Serialises one user's sends in this pregnancy (the participant row is locked until commit), so
 * the throttle check and the insert cannot interleave with a concurrent send of the same user.
 */
async function lockSender(tx: Tx, participantId: string) {
  await tx.select({ id: pregnancyParticipants.id }).from(pregnancyParticipants).where(eq(pregnancyParticipants.id, participantId)).for("update");
}

function assertNotTooFast(channel: MessageChannel, lastSentAt: Date | null | undefined, now: Date) {
  if (checkSendThrottle(lastSentAt?.getTime() ?? null, now.getTime(), MINIMUM_SEND_GAP_MS[channel])) throw tooFast();
}

/** An attached image must have been uploaded to this pregnancy's room first (/api/waiting-room/:pregnancyId/images): a dangling key would show a broken picture. */
async function assertImageUploaded(caller: PregnancyCaller, storagePath: string | null) {
  if (!storagePath) return;
  const uploaded = await caller.db.$count(waitingRoomImages, and(eq(waitingRoomImages.pregnancyId, caller.access.id), eq(waitingRoomImages.storagePath, storagePath)));
  if (uploaded === 0) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "The image was not uploaded");
}

/** A clip a message carries must be one its sender put in this pregnancy's album. */
async function assertOwnClip(caller: PregnancyCaller, clipId: string | null) {
  if (!clipId) return;
  const own = await caller.db.$count(photos, and(eq(photos.id, clipId), eq(photos.pregnancyId, caller.access.id), eq(photos.kind, "clip"), eq(photos.uploadedBy, caller.user.id)));
  if (own === 0) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "The video was not uploaded");
}

const sanitizeMessage = (content: string) => sanitizePlainText(content, WAITING_ROOM_MESSAGE_MAX_LENGTH);

// ---------------------------------------------------------------------------------------------
// State

async function latestSession(db: Db, pregnancyId: string) {
  const [session] = await db.select().from(waitingRoomSessions).where(eq(waitingRoomSessions.pregnancyId, pregnancyId)).orderBy(desc(waitingRoomSessions.createdAt)).limit(1);
  return session;
}

const messageColumns = {
  id: waitingRoomMessages.id,
  pregnancyId: waitingRoomMessages.pregnancyId,
  senderId: waitingRoomMessages.senderId,
  parentMessageId: waitingRoomMessages.parentMessageId,
  authorId: waitingRoomMessages.authorId,
  kind: waitingRoomMessages.kind,
  content: waitingRoomMessages.content,
  storagePath: waitingRoomMessages.storagePath,
  clipId: waitingRoomMessages.clipId,
  createdAt: waitingRoomMessages.createdAt,
};
type MessageRow = Pick<typeof waitingRoomMessages.$inferSelect, keyof typeof messageColumns>;

const roomMessage = (row: MessageRow): RoomMessage => ({
  id: row.id,
  parentMessageId: row.parentMessageId,
  authorId: row.authorId,
  kind: row.kind,
  content: row.content,
  storagePath: row.storagePath,
  imageUrl: null,
  clipId: row.clipId,
  createdAt: row.createdAt.toISOString(),
});

/** A baby lost of several (issue 38): the room no longer names or counts it. */
const stillWithUs = isNull(pregnancyBabies.lostAt);

/** The waiting room's state, its scheduled close, the parent updates pinned since it opened and, while open, the babies. */
export async function waitingRoomStateFor(db: Db, pregnancyId: string) {
  const session = await latestSession(db, pregnancyId);
  const state = waitingRoomState(session);
  const open = session && state !== "inactive";
  // With the room open, the babies and which are here (the parents announce each, the welcome
  // names them), read beside the pinned updates: a closed room reads neither.
  const [pinned, babies] = open
    ? await Promise.all([
        db
          .select(messageColumns)
          .from(waitingRoomMessages)
          .where(and(eq(waitingRoomMessages.pregnancyId, pregnancyId), eq(waitingRoomMessages.kind, "parent_update"), isNull(waitingRoomMessages.parentMessageId), sql`${waitingRoomMessages.createdAt} >= ${session.createdAt}`))
          .orderBy(desc(waitingRoomMessages.createdAt)),
        db
          .select({ id: pregnancyBabies.id, name: pregnancyBabies.name, born: sql<boolean>`${pregnancyBabies.bornAnnouncedAt} is not null` })
          .from(pregnancyBabies)
          .where(and(eq(pregnancyBabies.pregnancyId, pregnancyId), stillWithUs))
          .orderBy(asc(pregnancyBabies.birthOrder)),
      ])
    : [[], []];
  return {
    state,
    sessionId: session?.id ?? null,
    scheduledCloseAt: state === "inactive" ? null : (session?.scheduledCloseAt?.toISOString() ?? null),
    pinnedUpdates: pinned.map(roomMessage),
    babies,
  };
}

/**
 * When a read of the room starts (the real clock, before its statements, never the request's test
 * moment): the page compares it with the room's last event before its socket joined
 * (missedBeforeJoining).
 */
const readMoment = () => Date.now();

/** The state of the caller's waiting room; after a loss (issue 38) it reads closed, with nothing of it to show. */
export async function getWaitingRoomState(caller: PregnancyCaller) {
  const readAt = readMoment();
  if (caller.access.endedInLoss) return { state: "inactive" as const, sessionId: null, scheduledCloseAt: null, pinnedUpdates: [], babies: [], closedByLoss: true, readAt };
  const state = await waitingRoomStateFor(caller.db, caller.access.id);
  const pinnedUpdates = await Promise.all(state.pinnedUpdates.map(async (update) => ({ ...update, imageUrl: await imageLinkOf(caller, update.storagePath) })));
  return { ...state, pinnedUpdates, closedByLoss: false, readAt };
}

// ---------------------------------------------------------------------------------------------
// Group messages

/** Authors, reply counts and reactions (with whether the caller reacted) for a page of messages. */
/**
 * A message's image as its reader is shown it: by a signed link (src/domain/pictureLinks.ts). Live
 * messages the room fans out carry none; the reader's app shows those through the checked route.
 */
const imageLinkOf = (caller: PregnancyCaller, storagePath: string | null) => (storagePath ? caller.pictures.link("room", caller.access.id, storagePath) : null);

async function withDetails(caller: PregnancyCaller, rows: MessageRow[]) {
  const { db } = caller;
  const userId = caller.user.id;
  const imageUrls = await Promise.all(rows.map((row) => imageLinkOf(caller, row.storagePath)));
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))];
  const [authors, replyCounts, reactions] = await Promise.all([
    authorIds.length ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatarUrl: users.image }).from(users).where(inArray(users.id, authorIds)) : [],
    ids.length
      ? db.select({ parentMessageId: waitingRoomMessages.parentMessageId, replies: count() }).from(waitingRoomMessages).where(inArray(waitingRoomMessages.parentMessageId, ids)).groupBy(waitingRoomMessages.parentMessageId)
      : [],
    ids.length ? db.select({ messageId: waitingRoomReactions.messageId, userId: waitingRoomReactions.userId, emoji: waitingRoomReactions.emoji }).from(waitingRoomReactions).where(inArray(waitingRoomReactions.messageId, ids)).orderBy(asc(waitingRoomReactions.createdAt)) : [],
  ]);
  const authorById = new Map(authors.map((a) => [a.id, a]));
  const repliesById = new Map(replyCounts.map((r) => [r.parentMessageId, r.replies]));
  return rows.map((row, index) => {
    const summary = new Map<string, { emoji: string; count: number; reactedByMe: boolean }>();
    for (const reaction of reactions) {
      if (reaction.messageId !== row.id) continue;
      const entry = summary.get(reaction.emoji) ?? { emoji: reaction.emoji, count: 0, reactedByMe: false };
      entry.count++;
      entry.reactedByMe ||= reaction.userId === userId;
      summary.set(reaction.emoji, entry);
    }
    return {
      ...roomMessage(row),
      imageUrl: imageUrls[index] ?? null,
      author: row.authorId ? (authorById.get(row.authorId) ?? null) : null,
      replyCount: repliesById.get(row.id) ?? 0,
      reactions: [...summary.values()],
    };
  });
}

async function findMessage(db: Executor, pregnancyId: string, messageId: string) {
  const [row] = await db.select(messageColumns).from(waitingRoomMessages).where(eq(waitingRoomMessages.id, messageId)).limit(1);
  return assertInPregnancy(row, pregnancyId, "Message");
}

/**
 * The newest 50 top-level messages before `before` (a message id; none = the latest), oldest
 * first, and the cursor for the next older page (null at the start of the conversation).
 */
export async function listMessages(caller: PregnancyCaller, { before }: { before?: string }) {
  const { db, access } = caller;
  const pregnancyId = access.id;
  const readAt = readMoment();
  const cursor = before ? await findMessage(db, pregnancyId, before) : undefined;
  const rows = await db
    .select(messageColumns)
    .from(waitingRoomMessages)
    .where(
      and(
        eq(waitingRoomMessages.pregnancyId, pregnancyId),
        isNull(waitingRoomMessages.parentMessageId),
        cursor ? or(lt(waitingRoomMessages.createdAt, cursor.createdAt), and(eq(waitingRoomMessages.createdAt, cursor.createdAt), lt(waitingRoomMessages.id, cursor.id))) : undefined,
      ),
    )
    .orderBy(desc(waitingRoomMessages.createdAt), desc(waitingRoomMessages.id))
    .limit(WAITING_ROOM_INITIAL_LOAD + 1);
  const page = rows.slice(0, WAITING_ROOM_INITIAL_LOAD).reverse();
  return { messages: await withDetails(caller, page), olderCursor: rows.length > WAITING_ROOM_INITIAL_LOAD ? (page[0]?.id ?? null) : null, readAt };
}

/** Replies under one message, oldest first, 20 from `offset`, with their total count. */
export async function listReplies(caller: PregnancyCaller, { messageId, offset }: { messageId: string; offset: number }) {
  const { db, access } = caller;
  await findMessage(db, access.id, messageId);
  const [rows, [total]] = await Promise.all([
    db
      .select(messageColumns)
      .from(waitingRoomMessages)
      .where(eq(waitingRoomMessages.parentMessageId, messageId))
      .orderBy(asc(waitingRoomMessages.createdAt), asc(waitingRoomMessages.id))
      .limit(WAITING_ROOM_REPLY_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(waitingRoomMessages).where(eq(waitingRoomMessages.parentMessageId, messageId)),
  ]);
  return { replies: await withDetails(caller, rows), total: total?.total ?? 0 };
}

export interface NewGroupMessage {
  id: string;
  content: string;
  /** Name of an image already stored under this pregnancy's waiting-room prefix. */
  imageName?: string;
  /** A clip the sender put in the album. */
  clipId?: string;
  parentMessageId?: string;
}

/**
 * Posts a group message (or a reply, one level deep) under the client's id. Sending the same id
 * again returns the stored message instead of a second row (`created` false); another user's id
 * is refused. At least 500 ms must pass since the sender's previous group message ('You are
 * sending too fast'). Parent updates are the parents' pinned posts and are not throttled.
 */
/** What a new message also records in its transaction (a parent update's mail and pushes). */
type OnCreated = (tx: Tx, row: { content: string }) => Promise<void>;

async function postGroupMessage(caller: PregnancyCaller, input: NewGroupMessage, kind: "standard" | "parent_update", onCreated?: OnCreated) {
  const { db, access: { id: pregnancyId }, user: { id: userId } } = caller;
  const content = sanitizeMessage(input.content);
  const storagePath = input.imageName ? waitingRoomImageKey(pregnancyId, input.imageName) : null;
  const clipId = input.clipId ?? null;
  if (!content && !storagePath && !clipId) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "A message needs text, an image or a video");
  await Promise.all([assertImageUploaded(caller, storagePath), assertOwnClip(caller, clipId)]);
  const outcome = await db.transaction(async (tx) => {
    await lockSender(tx, caller.access.participantId);
    const [existing] = await tx.select(messageColumns).from(waitingRoomMessages).where(eq(waitingRoomMessages.id, input.id)).limit(1);
    if (existing) {
      if (existing.senderId !== userId || existing.pregnancyId !== pregnancyId) throw idTaken();
      return { row: existing, created: false };
    }
    if (input.parentMessageId) {
      const parent = await findMessage(tx, pregnancyId, input.parentMessageId);
      if (parent.parentMessageId) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "Replies go one level deep: reply to the message itself");
    }
    const now = new Date();
    if (kind === "standard") {
      const [last] = await tx
        .select({ at: max(waitingRoomMessages.createdAt) })
        .from(waitingRoomMessages)
        .where(and(eq(waitingRoomMessages.pregnancyId, pregnancyId), eq(waitingRoomMessages.senderId, userId), eq(waitingRoomMessages.kind, "standard")));
      assertNotTooFast("group", last?.at, now);
    }
    const [row] = await tx
      .insert(waitingRoomMessages)
      .values({ id: input.id, pregnancyId, senderId: userId, authorId: userId, kind, content, storagePath, clipId, parentMessageId: input.parentMessageId ?? null, createdAt: now })
      .returning(messageColumns);
    if (!row) throw new Error("message not stored");
    await onCreated?.(tx, row);
    return { row, created: true };
  });
  if (outcome.created) announce(caller, { kind: "message", message: roomMessage(outcome.row) });
  const [message] = await withDetails(caller, [outcome.row]);
  return { message: message!, created: outcome.created };
}

export async function sendGroupMessage(caller: PregnancyCaller, input: NewGroupMessage) {
  return (await postGroupMessage(caller, input, "standard")).message;
}

/**
 * Deletes a group message with its replies (its author, or a parent keeping the room), and the
 * images they showed: their rows and their photos of storage in the same transaction, then their
 * R2 objects. An image another message still shows stays.
 */
export async function deleteGroupMessage(caller: PregnancyCaller, messageId: string) {
  const { db, access: { id: pregnancyId }, user: { id: userId } } = caller;
  const message = await findMessage(db, pregnancyId, messageId);
  if (!caller.access.isParent && message.authorId !== userId) throw new AppError("FORBIDDEN", "ACCESS_DENIED", "Only the author or a parent can delete this message");
  const removed = await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(waitingRoomMessages)
      .where(and(eq(waitingRoomMessages.pregnancyId, pregnancyId), or(eq(waitingRoomMessages.id, messageId), eq(waitingRoomMessages.parentMessageId, messageId))))
      .returning({ storagePath: waitingRoomMessages.storagePath });
    const shown = deleted.flatMap((row) => (row.storagePath ? [row.storagePath] : []));
    if (shown.length === 0) return [];
    const stillShown = new Set((await tx.select({ storagePath: waitingRoomMessages.storagePath }).from(waitingRoomMessages).where(inArray(waitingRoomMessages.storagePath, shown))).map((row) => row.storagePath));
    const unused = [...new Set(shown)].filter((path) => !stillShown.has(path));
    if (unused.length === 0) return [];
    const images = await tx
      .delete(waitingRoomImages)
      .where(and(eq(waitingRoomImages.pregnancyId, pregnancyId), inArray(waitingRoomImages.storagePath, unused)))
      .returning({ id: waitingRoomImages.id });
    await changeStorageUsed(tx, pregnancyId, -images.length);
    return unused;
  });
  await removeObjects(caller.env.PHOTOS, removed);
  announce(caller, { kind: "message-deleted", messageId });
  return { messageId, deleted: true };
}

/** Sets the caller's reaction with one emoji on a message to `reacted`; repeating a call changes nothing. */
export async function setReaction(caller: PregnancyCaller, input: { messageId: string; emoji: string; reacted: boolean }) {
  const { db, access: { id: pregnancyId }, user: { id: userId } } = caller;
  await findMessage(db, pregnancyId, input.messageId);
  const changed = input.reacted
    ? await db.insert(waitingRoomReactions).values({ messageId: input.messageId, userId, emoji: input.emoji }).onConflictDoNothing().returning({ id: waitingRoomReactions.id })
    : await db
        .delete(waitingRoomReactions)
        .where(and(eq(waitingRoomReactions.messageId, input.messageId), eq(waitingRoomReactions.userId, userId), eq(waitingRoomReactions.emoji, input.emoji)))
        .returning({ id: waitingRoomReactions.id });
  if (changed.length > 0) announce(caller, { kind: "reaction", messageId: input.messageId, userId, emoji: input.emoji, reacted: input.reacted });
  const [total] = await db
    .select({ total: count() })
    .from(waitingRoomReactions)
    .where(and(eq(waitingRoomReactions.messageId, input.messageId), eq(waitingRoomReactions.emoji, input.emoji)));
  return { messageId: input.messageId, emoji: input.emoji, reacted: input.reacted, count: total?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Direct messages

/** The other user must be an active participant of this pregnancy who may use the waiting room. */
async function assertReachable(db: Db, pregnancyId: string, userId: string, otherUserId: string) {
  if (otherUserId === userId) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "Choose someone else to message");
  const access = await loadPregnancyAccess(db, otherUserId, pregnancyId);
  if (!access?.permissions.canAccessWaitingRoom) throw notFound("Participant");
}

/** The conversation of a sorted pair: found, else inserted; a concurrent insert wins and is read back. */
export async function openConversation({ db, access: { id: pregnancyId }, user: { id: userId } }: PregnancyCaller, otherUserId: string) {
  await assertReachable(db, pregnancyId, userId, otherUserId);
  const pair = conversationPair(userId, otherUserId);
  const where = and(eq(waitingRoomConversations.pregnancyId, pregnancyId), eq(waitingRoomConversations.userA, pair.userA), eq(waitingRoomConversations.userB, pair.userB));
  const [found] = await db.select().from(waitingRoomConversations).where(where).limit(1);
  if (found) return found;
  const [inserted] = await db.insert(waitingRoomConversations).values({ pregnancyId, ...pair }).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [refetched] = await db.select().from(waitingRoomConversations).where(where).limit(1);
  if (!refetched) throw new Error("conversation neither inserted nor found");
  return refetched;
}

async function findConversation(db: Db, pregnancyId: string, userId: string, conversationId: string) {
  const [row] = await db.select().from(waitingRoomConversations).where(eq(waitingRoomConversations.id, conversationId)).limit(1);
  const conversation = assertInPregnancy(row, pregnancyId, "Conversation");
  // Someone else's conversation is answered like a missing one: its existence is private too.
  if (conversation.userA !== userId && conversation.userB !== userId) throw notFound("Conversation");
  return conversation;
}

const roomDirectMessage = (row: typeof waitingRoomDmMessages.$inferSelect): RoomDirectMessage => ({
  id: row.id,
  conversationId: row.conversationId,
  authorId: row.authorId,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Sends a direct message under the client's id (idempotent like group messages), at least 400 ms
 * after the sender's previous one. The recipient's unread counter and the conversation's last
 * activity move in the same transaction, with a contact notification previewing 140 characters.
 */
export async function sendDirectMessage(caller: PregnancyCaller, input: { id: string; recipientId: string; content: string }) {
  const { db, access: { id: pregnancyId }, user: { id: userId } } = caller;
  const content = sanitizeMessage(input.content);
  if (!content) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "A message needs text");
  const conversation = await openConversation(caller, input.recipientId);
  const recipientSide = conversation.userA === input.recipientId ? "unreadA" : "unreadB";
  const outcome = await db.transaction(async (tx) => {
    await lockSender(tx, caller.access.participantId);
    const [existing] = await tx.select().from(waitingRoomDmMessages).where(eq(waitingRoomDmMessages.id, input.id)).limit(1);
    if (existing) {
      if (existing.authorId !== userId || existing.conversationId !== conversation.id) throw idTaken();
      return { row: existing, created: false as const };
    }
    const now = new Date();
    const [last] = await tx
      .select({ at: max(waitingRoomDmMessages.createdAt) })
      .from(waitingRoomDmMessages)
      .innerJoin(waitingRoomConversations, eq(waitingRoomConversations.id, waitingRoomDmMessages.conversationId))
      .where(and(eq(waitingRoomConversations.pregnancyId, pregnancyId), eq(waitingRoomDmMessages.authorId, userId)));
    assertNotTooFast("direct", last?.at, now);
    const [row] = await tx.insert(waitingRoomDmMessages).values({ id: input.id, conversationId: conversation.id, authorId: userId, content, createdAt: now }).returning();
    if (!row) throw new Error("direct message not stored");
    await tx
      .update(waitingRoomConversations)
      .set({ lastActivityAt: now, [recipientSide]: sql`${waitingRoomConversations[recipientSide]} + 1` })
      .where(eq(waitingRoomConversations.id, conversation.id));
    const [sender] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
    const senderName = [sender?.firstName, sender?.lastName].filter(Boolean).join(" ");
    await tx.insert(contactNotifications).values({
      pregnancyId,
      userId: input.recipientId,
      notificationType: "waiting_room_dm",
      title: `New message from ${senderName}`,
      message: dmPreview(content),
      metadata: { conversationId: conversation.id, messageId: row.id, senderId: userId },
    });
    await notifyMembers(caller, { kind: "people", userIds: [input.recipientId] }, directMessagePush(pregnancyId, conversation.id, senderName, content), tx);
    return { row, created: true as const };
  });
  const message = roomDirectMessage(outcome.row);
  if (outcome.created) announce(caller, { kind: "direct-message", message }, [userId, input.recipientId]);
  return message;
}

/**
 * Who may be in the room: active participants with canAccessWaitingRoom, by user id, with the names
 * and avatars that messages, presence and the direct-message list show (no emails).
 */
export async function listRoomMembers({ db, access }: PregnancyCaller) {
  const participants = await listParticipantsWithPermissions(db, access.id);
  return participants.flatMap((p) =>
    p.status === "active" && p.userId && p.permissions.canAccessWaitingRoom
      ? [{ id: p.userId, firstName: p.firstName ?? "", lastName: p.lastName ?? "", avatarUrl: p.avatarUrl, displayTitle: p.displayTitle, isParent: isParentRole(p.role) }]
      : [],
  );
}

/** The caller's conversations, latest activity first, with the other person and the caller's unread count. */
export async function listConversations({ db, access: { id: pregnancyId }, user: { id: userId } }: PregnancyCaller) {
  const rows = await db
    .select()
    .from(waitingRoomConversations)
    .where(and(eq(waitingRoomConversations.pregnancyId, pregnancyId), or(eq(waitingRoomConversations.userA, userId), eq(waitingRoomConversations.userB, userId))))
    .orderBy(desc(waitingRoomConversations.lastActivityAt));
  const otherIds = rows.map((c) => (c.userA === userId ? c.userB : c.userA));
  const others = otherIds.length ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatarUrl: users.image }).from(users).where(inArray(users.id, otherIds)) : [];
  const otherById = new Map(others.map((o) => [o.id, o]));
  return rows.map((c) => {
    const mine = c.userA === userId;
    const otherId = mine ? c.userB : c.userA;
    return { id: c.id, other: otherById.get(otherId) ?? { id: otherId, firstName: "", lastName: "", avatarUrl: null }, unread: mine ? c.unreadA : c.unreadB, lastActivityAt: c.lastActivityAt.toISOString() };
  });
}

/** The newest 50 messages of a conversation before `before` (a message id), oldest first. */
export async function listDirectMessages({ db, access, user }: PregnancyCaller, { conversationId, before }: { conversationId: string; before?: string }) {
  await findConversation(db, access.id, user.id, conversationId);
  const [cursor] = before ? await db.select().from(waitingRoomDmMessages).where(and(eq(waitingRoomDmMessages.id, before), eq(waitingRoomDmMessages.conversationId, conversationId))) : [];
  if (before && !cursor) throw notFound("Message");
  const rows = await db
    .select()
    .from(waitingRoomDmMessages)
    .where(
      and(
        eq(waitingRoomDmMessages.conversationId, conversationId),
        cursor ? or(lt(waitingRoomDmMessages.createdAt, cursor.createdAt), and(eq(waitingRoomDmMessages.createdAt, cursor.createdAt), lt(waitingRoomDmMessages.id, cursor.id))) : undefined,
      ),
    )
    .orderBy(desc(waitingRoomDmMessages.createdAt), desc(waitingRoomDmMessages.id))
    .limit(WAITING_ROOM_INITIAL_LOAD + 1);
  const page = rows.slice(0, WAITING_ROOM_INITIAL_LOAD).reverse();
  return { messages: page.map(roomDirectMessage), olderCursor: rows.length > WAITING_ROOM_INITIAL_LOAD ? (page[0]?.id ?? null) : null };
}

/** Clears the caller's side of the unread counters. */
export async function markConversationRead({ db, access, user: { id: userId } }: PregnancyCaller, conversationId: string) {
  const conversation = await findConversation(db, access.id, userId, conversationId);
  await db
    .update(waitingRoomConversations)
    .set(conversation.userA === userId ? { unreadA: 0 } : { unreadB: 0 })
    .where(eq(waitingRoomConversations.id, conversationId));
  return { conversationId, unread: 0 };
}

// ---------------------------------------------------------------------------------------------
// Parent controls

const stateUpdateRefused = () => new AppError("CONFLICT", "STATE_UNCHANGED", "The waiting room is not in a state that allows this");

async function insertSystemUpdate(db: Executor, pregnancyId: string, senderId: string, content: string, createdAt: Date, storagePath: string | null = null, clipId: string | null = null) {
  const [row] = await db.insert(waitingRoomMessages).values({ id: crypto.randomUUID(), pregnancyId, senderId, authorId: null, kind: "parent_update", content, storagePath, clipId, createdAt }).returning(messageColumns);
  if (!row) throw new Error("system update not stored");
  return row;
}

/**
 * Opens the waiting room: a new active session (at most one per pregnancy; activating an open room
 * changes nothing) and a system parent-update. Guests with canReceiveUpdates get an in-app
 * notification and, unless they turned it off, an email, sent once the session is committed; the
 * family's devices get a push (services/push.ts). A retried activation finds the room open and
 * tells nobody again.
 */
export async function activateWaitingRoom(caller: PregnancyCaller) {
  const { db, access: { id: pregnancyId }, user: { id: userId } } = caller;
  const [title, participants] = await Promise.all([pregnancyTitle(db, pregnancyId), listParticipantsWithPermissions(db, pregnancyId)]);
  const recipients = receivingUpdates(participants, userId);
  const now = new Date();
  const activated = await db.transaction(async (tx) => {
    // After a loss the room is not opened. Read shared: recording the loss waits for this opening, or this opening sees it.
    const [pregnancy] = await tx.select({ lossRecordedAt: pregnancies.lossRecordedAt }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)).for("share");
    if (pregnancy?.lossRecordedAt) throw new AppError("FORBIDDEN", "PREGNANCY_ENDED", LOSS_TEXTS.roomClosed);
    const [session] = await tx
      .insert(waitingRoomSessions)
      .values({ pregnancyId, isActive: true, activatedBy: userId, createdAt: now })
      .onConflictDoNothing({ target: waitingRoomSessions.pregnancyId, where: sql`${waitingRoomSessions.isActive}` })
      .returning({ id: waitingRoomSessions.id });
    if (!session) return null;
    // Read with the opening, so a baby announced just before is counted: after a birth the room reopens for the babies still expected.
    const babies = await tx
      .select({ name: pregnancyBabies.name, birthOrder: pregnancyBabies.birthOrder, born: sql<boolean>`${pregnancyBabies.bornAnnouncedAt} is not null` })
      .from(pregnancyBabies)
      .where(and(eq(pregnancyBabies.pregnancyId, pregnancyId), stillWithUs))
      .orderBy(asc(pregnancyBabies.birthOrder));
    const { headline, notice: text } = waitingRoomActivation(title, babies);
    const notice = await insertSystemUpdate(tx, pregnancyId, userId, text, now);
    if (recipients.length > 0) {
      await tx.insert(contactNotifications).values(
        recipients.map((r) => ({ pregnancyId, userId: r.userId, notificationType: "waiting_room_activation" as const, title: "The waiting room is open", message: notice.content, metadata: { sessionId: session.id } })),
      );
    }
    await mailUpdate(caller, "room-activation", recipients, `${title}: the waiting room is open`, [notice.content, "Join the family in the waiting room to follow along and send your love."], undefined, tx);
    await notifyMembers(caller, { kind: "waiting-room" }, waitingRoomActivatedPush(pregnancyId, headline, notice.content), tx);
    return { session, notice, headline };
  });
  if (activated) {
    announce(caller, { kind: "state", state: "active", scheduledCloseAt: null });
    announce(caller, { kind: "message", message: roomMessage(activated.notice) });
  }
  // What the parent is told back: how many were notified, or why nobody was (null: it was already open).
  const announced: ActivationOutcome | null = activated ? { told: recipients.length, guests: participants.filter((p) => p.role === "guest").length } : null;
  return { ...(await waitingRoomStateFor(db, pregnancyId)), closedByLoss: false, announced };
}

/** A parent update's push when it is a picture without words. */
const PARENT_UPDATE_PICTURE_ONLY = "Shared a picture.";

/**
 * waiting-room-parent-update: a pinned parent update, posted under the client's id like any
 * message; the guests who receive updates get it by mail, once (a retried id stores and mails nothing).
 */
export async function postParentUpdate(caller: PregnancyCaller, input: Omit<NewGroupMessage, "parentMessageId">) {
  const [title, recipients, [author]] = await Promise.all([
    pregnancyTitle(caller.db, caller.access.id),
    updateRecipients(caller),
    caller.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, caller.user.id)),
  ]);
  const name = author?.firstName || title;
  const { message } = await postGroupMessage(caller, input, "parent_update", async (tx, row) => {
    await mailUpdate(caller, "room-update", recipients, `${title}: a new update from the waiting room`, [`${name} posted an update in the waiting room.`, row.content], undefined, tx);
    await notifyMembers(caller, { kind: "waiting-room" }, parentUpdatePush(caller.access.id, name, row.content || PARENT_UPDATE_PICTURE_ONLY), tx);
  });
  return message;
}

async function pregnancyTitle(db: Db, pregnancyId: string) {
  const [pregnancy] = await db.select({ title: pregnancies.title }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  return pregnancy?.title ?? "";
}

/** Who hears about the parents' news from the waiting room: active guests with canReceiveUpdates. */
async function updateRecipients(caller: PregnancyCaller) {
  return receivingUpdates(await listParticipantsWithPermissions(caller.db, caller.access.id), caller.user.id);
}

function receivingUpdates(participants: Awaited<ReturnType<typeof listParticipantsWithPermissions>>, senderId: string) {
  return participants.flatMap((p) =>
    p.status === "active" && p.role === "guest" && p.userId && p.userId !== senderId && p.email && p.permissions.canReceiveUpdates ? [{ userId: p.userId, email: p.email }] : [],
  );
}

/**
 * Records the parents' news (the opening, a parent update, a birth) in the outbox for those
 * recipients who did not turn waiting-room mail off, through `db`: the causing change's transaction
 * where there is one, so the news and its mail are stored together or not at all. The outbox's
 * consumer checks each again when it sends (still taking part, still allowed updates, no loss since).
 */
async function mailUpdate(
  caller: PregnancyCaller,
  topic: "room-activation" | "room-update" | "baby-here",
  recipients: Array<{ userId: string; email: string }>,
  subject: string,
  paragraphs: string[],
  link = { label: "Open the waiting room", url: `${caller.origin}/waiting-room?preg=${caller.access.id}` },
  db: Executor = caller.db,
) {
  if (recipients.length === 0) return;
  const optedOut = new Set(
    (
      await db
        .select({ userId: userPreferences.userId })
        .from(userPreferences)
        .where(and(inArray(userPreferences.userId, recipients.map((r) => r.userId)), eq(userPreferences.waitingRoomActivation, false)))
    ).map((r) => r.userId),
  );
  const body = paragraphs.filter(Boolean);
  await caller.outbox.sendMany(
    recipients.filter((r) => !optedOut.has(r.userId)).map((r) => ({ mail: composeMail(r.email, subject, body, link), options: { topic, recipientUserId: r.userId, pregnancyId: caller.access.id } })),
    db,
  );
}

export interface StateUpdateAnswer {
  message: string;
  scheduled_close: string;
}

/**
 * Moves the open session to false alarm (closes in 2 h) with one conditional update, and posts the
 * system message naming the closing time.
 */
export async function markFalseAlarm(caller: PregnancyCaller, timeZone: string): Promise<StateUpdateAnswer> {
  const { db, access: { id: pregnancyId }, user: { id: userId } } = caller;
  const now = new Date();
  const scheduledCloseAt = new Date(now.getTime() + FALSE_ALARM_CLOSE_MS);
  const content = falseAlarmNotice(formatClosingTime(scheduledCloseAt, timeZone));
  const message = await db.transaction(async (tx) => {
    const [session] = await tx
      .update(waitingRoomSessions)
      .set({ isFalseAlarm: true, scheduledCloseAt })
      .where(and(eq(waitingRoomSessions.pregnancyId, pregnancyId), eq(waitingRoomSessions.isActive, true), eq(waitingRoomSessions.isBabyHere, false), eq(waitingRoomSessions.isFalseAlarm, false)))
      .returning({ id: waitingRoomSessions.id });
    if (!session) throw stateUpdateRefused();
    const notice = await insertSystemUpdate(tx, pregnancyId, userId, content, now);
    await notifyMembers(caller, { kind: "waiting-room" }, falseAlarmPush(pregnancyId, content), tx);
    return notice;
  });
  announce(caller, { kind: "state", state: "false-alarm", scheduledCloseAt: scheduledCloseAt.toISOString() });
  announce(caller, { kind: "message", message: roomMessage(message) });
  return { message: content, scheduled_close: scheduledCloseAt.toISOString() };
}

export interface BirthAnnouncement extends BabyDetails {
  /** Which baby arrived; without it, the first still expected. */
  babyId?: string;
  imageName?: string;
  /** A clip of the first moments the parent put in the album. */
  clipId?: string;
  timeZone: string;
  /** The guest circles told; left out = every guest allowed updates, none = the other parent alone (always told). */
  audienceGroups?: GuestPrivacyLevel[];
}

/** A baby's row once born: the details as the parents told them (name and sex only when given). */
function birthColumns(input: BirthAnnouncement, birthDate: string, storagePath: string | null, now: Date) {
  return {
    bornAnnouncedAt: now,
    birthDate,
    birthTime: input.time ?? null,
    birthTimeZone: input.timeZone,
    birthWeightPounds: input.weightPounds ?? null,
    birthLengthInches: input.lengthInches ?? null,
    birthMeasurementSystem: input.measurementSystem ?? null,
    birthPhotoPath: storagePath,
    birthAudienceGroups: input.audienceGroups ?? null,
    ...(input.name ? { name: input.name } : {}),
    ...(input.sex ? { gender: input.sex } : {}),
    updatedAt: now,
  };
}

/**
 * Who hears of a birth: every active participant allowed updates but the announcing parent (the
 * other parent too), narrowed to the chosen guest circles. Mail then follows each one's own setting.
 */
function birthRecipients(participants: Awaited<ReturnType<typeof listParticipantsWithPermissions>>, senderId: string, audienceGroups: readonly GuestPrivacyLevel[] | undefined) {
  return participants.flatMap((p) =>
    p.status === "active" && p.userId && p.userId !== senderId && p.email && p.permissions.canReceiveUpdates && (isParentRole(p.role) || !audienceGroups || audienceGroups.includes(guestLevelOf(p)))
      ? [{ userId: p.userId, email: p.email, inRoom: p.permissions.canAccessWaitingRoom }]
      : [],
  );
}

/**
 * baby-here for one baby: the room moves to baby here (closing 4 h after this birth), the baby's
 * birth details are stored on it, and the announcement is pinned, pushed and mailed. Twins arrive
 * one announcement each. The baby's row changes only while it is still expected, and the room's
 * session row is locked first, so a repeated or concurrent announcement of the same baby is
 * refused and tells nobody twice, and two babies announced at once still read in their order.
 */
export async function markBabyHere(caller: PregnancyCaller, input: BirthAnnouncement): Promise<StateUpdateAnswer> {
  const { db, access: { id: pregnancyId }, user: { id: userId } } = caller;
  const storagePath = input.imageName ? waitingRoomImageKey(pregnancyId, input.imageName) : null;
  const clipId = input.clipId ?? null;
  await Promise.all([assertImageUploaded(caller, storagePath), assertOwnClip(caller, clipId)]);
  const [title, participants] = await Promise.all([pregnancyTitle(db, pregnancyId), listParticipantsWithPermissions(db, pregnancyId)]);
  const recipients = birthRecipients(participants, userId, input.audienceGroups);
  const now = new Date();
  const scheduledCloseAt = new Date(now.getTime() + BABY_HERE_CLOSE_MS);
  const closingTime = formatClosingTime(scheduledCloseAt, input.timeZone);
  const birthDate = todayIn(input.timeZone, now);
  const announced = await db.transaction(async (tx) => {
    const babies = await tx.select({ id: pregnancyBabies.id }).from(pregnancyBabies).where(and(eq(pregnancyBabies.pregnancyId, pregnancyId), stillWithUs));
    const [session] = await tx
      .update(waitingRoomSessions)
      .set({ isFalseAlarm: false, isBabyHere: true, scheduledCloseAt })
      // A pregnancy without babies' rows announces once per session, as before babies were counted.
      .where(and(eq(waitingRoomSessions.pregnancyId, pregnancyId), eq(waitingRoomSessions.isActive, true), babies.length === 0 ? eq(waitingRoomSessions.isBabyHere, false) : undefined))
      .returning({ id: waitingRoomSessions.id });
    if (!session) throw stateUpdateRefused();
    const order = await tx
      .select({ id: pregnancyBabies.id, name: pregnancyBabies.name, born: pregnancyBabies.bornAnnouncedAt })
      .from(pregnancyBabies)
      .where(and(eq(pregnancyBabies.pregnancyId, pregnancyId), stillWithUs))
      .orderBy(asc(pregnancyBabies.birthOrder));
    const target = input.babyId ? order.find((b) => b.id === input.babyId) : order.find((b) => !b.born);
    if (input.babyId && !target) throw notFound("Baby");
    const arrivedBefore = order.filter((b) => b.born && b.id !== target?.id).map((b) => b.name);
    const birth: BirthOrder = { expected: Math.max(order.length, 1), arrivedBefore };
    // One baby's name is told only when the parents typed it; with twins each is named.
    const name = input.name || (birth.expected > 1 ? target?.name : undefined);
    if (order.length > 0) {
      const [stored] = target
        ? await tx
            .update(pregnancyBabies)
            .set(birthColumns(input, birthDate, storagePath, now))
            .where(and(eq(pregnancyBabies.id, target.id), isNull(pregnancyBabies.bornAnnouncedAt)))
            .returning({ id: pregnancyBabies.id })
        : [];
      if (!stored) throw stateUpdateRefused();
      await putBirthdayOnCalendar(tx, { pregnancyId, birthDate, toldTo: input.audienceGroups ?? null, announcedBy: userId });
    }
    const headline = birthHeadline(name, birth);
    const message = await insertSystemUpdate(tx, pregnancyId, userId, babyHereNotice({ ...input, name }, closingTime, birth), now, storagePath, clipId);
    const [inRoom, outside] = [recipients.filter((r) => r.inRoom), recipients.filter((r) => !r.inRoom)];
    await mailUpdate(caller, "baby-here", inRoom, `${title}: ${headline}`, [message.content, "Join the family in the waiting room to send your love."], undefined, tx);
    await mailUpdate(caller, "baby-here", outside, `${title}: ${headline}`, [message.content], { label: "Open BabySteps", url: `${caller.origin}/dashboard?preg=${pregnancyId}` }, tx);
    for (const [index, group] of [inRoom, outside].entries()) {
      await notifyMembers(caller, { kind: "people", userIds: group.map((r) => r.userId) }, babyHerePush(pregnancyId, headline, message.content, index === 0), tx);
    }
    return { message, headline, onCalendar: order.length > 0 };
  });
  const { message, onCalendar } = announced;
  announce(caller, { kind: "state", state: "baby-here", scheduledCloseAt: scheduledCloseAt.toISOString() });
  announce(caller, { kind: "message", message: roomMessage(message) });
  if (onCalendar) {
    // The birthday is on the calendar, and the game may have closed with this birth.
    announceCalendar(caller, pregnancyId);
    caller.waitUntil(tellFeed(caller.env, pregnancyId, "babyGame"));
  }
  return { message: message.content, scheduled_close: scheduledCloseAt.toISOString() };
}

export interface BirthRecord extends Omit<BirthAnnouncement, "imageName"> {
  babyId: string;
  birthDate: string;
  /** Whether the family is told now (mail and notification, as from the room). */
  tellFamily: boolean;
}

/**
 * baby-here outside the room, from Settings: for families who never opened the room, or told the
 * news their own way. The baby's birth is recorded as the parents give it, on the day they name;
 * the family hears of it only when the parents ask, by mail and notification as from the room.
 * The babies' rows are locked first, so twins recorded at once still read in their order and a
 * baby recorded twice is refused and tells nobody twice.
 */
export async function recordBirth(caller: PregnancyCaller, input: BirthRecord): Promise<{ name: string; notice: string }> {
  const { db, access: { id: pregnancyId }, user: { id: userId } } = caller;
  const day = checkBirthDate(input.birthDate, caller.access.today);
  if (!day.ok) throw new AppError("BAD_REQUEST", "INVALID_BIRTH_DATE", day.error);
  const now = new Date();
  const [title, participants] = input.tellFamily ? await Promise.all([pregnancyTitle(db, pregnancyId), listParticipantsWithPermissions(db, pregnancyId)]) : ["", []];
  const recipients = birthRecipients(participants, userId, input.audienceGroups);
  const recorded = await db.transaction(async (tx) => {
    const order = await tx
      .select({ id: pregnancyBabies.id, name: pregnancyBabies.name, born: pregnancyBabies.bornAnnouncedAt })
      .from(pregnancyBabies)
      .where(and(eq(pregnancyBabies.pregnancyId, pregnancyId), stillWithUs))
      .orderBy(asc(pregnancyBabies.birthOrder))
      .for("update");
    const target = order.find((b) => b.id === input.babyId);
    if (!target) throw notFound("Baby");
    if (target.born) throw new AppError("CONFLICT", "ALREADY_BORN", `${target.name} is already marked as born.`);
    // Not told now: no guest circle was told, so the digest and the calendar keep it to the parents.
    const toldTo = input.tellFamily ? (input.audienceGroups ?? null) : [];
    await tx.update(pregnancyBabies).set(birthColumns({ ...input, audienceGroups: toldTo ?? undefined }, day.value, null, now)).where(eq(pregnancyBabies.id, target.id));
    await putBirthdayOnCalendar(tx, { pregnancyId, birthDate: day.value, toldTo, announcedBy: userId });
    const birth: BirthOrder = { expected: order.length, arrivedBefore: order.filter((b) => b.born).map((b) => b.name) };
    const name = input.name || target.name;
    // The day is told when it was not today; one baby's name only when the parents typed it, as in the room.
    const details = { ...input, name: input.name || (birth.expected > 1 ? target.name : undefined), ...(day.value !== caller.access.today ? { date: day.value } : {}) };
    const headline = birthHeadline(details.name, birth);
    const notice = birthNotice(details, birth);
    if (input.tellFamily) {
      await mailUpdate(caller, "baby-here", recipients, `${title}: ${headline}`, [notice], { label: "Open BabySteps", url: `${caller.origin}/dashboard?preg=${pregnancyId}` }, tx);
      await notifyMembers(caller, { kind: "people", userIds: recipients.map((r) => r.userId) }, babyHerePush(pregnancyId, headline, notice, false), tx);
    }
    return { name, notice };
  });
  announceCalendar(caller, pregnancyId);
  caller.waitUntil(tellFeed(caller.env, pregnancyId, "babyGame"));
  return { name: recorded.name, notice: recorded.notice };
}
