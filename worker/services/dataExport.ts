import { makeZip, predictLength } from "client-zip";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { FORMER_MEMBER_NAME } from "../../src/domain/accountDeletion";
import { answeredSections, normalizeBirthPlanAnswers, parentNames } from "../../src/domain/birthPlan";
import {
  birthPlanPage,
  DATA_EXPORT_MESSAGES,
  EXPORT_LINK_MS,
  exportFileName,
  exportKindFor,
  exportReadme,
  photoFileName,
  splitIntoParts,
  storedFileName,
  type ExportKind,
} from "../../src/domain/dataExport";
import { csvFile, csvTable, type CsvValue } from "../../src/domain/csv";
import { serviceState, todayIso } from "../../src/domain/dates";
import { buildIcalendar } from "../../src/domain/ical";
import { zoneOrFallback } from "../../src/domain/timeZones";
import { displayTitle, isParentRole } from "../../src/domain/permissions";
import type { Db } from "../db";
import {
  babyGameState,
  babyPredictions,
  birthPlans,
  calendarEvents,
  contractions,
  eventParticipants,
  healthLogs,
  healthSupplementDoses,
  healthSupplements,
  hospitalBagItems,
  kickSessions,
  medicalContacts,
  photoComments,
  photoLikes,
  photos,
  postComments,
  postLikes,
  posts,
  pregnancies,
  pregnancyBabies,
  pregnancyParticipants,
  pushSubscriptions,
  registries,
  registrySuggestions,
  userPreferences,
  users,
  verifications,
  waitingRoomConversations,
  waitingRoomDmMessages,
  waitingRoomImages,
  waitingRoomMessages,
  waitingRoomReactions,
  waitingRoomSessions,
} from "../db/schema";
import { hashCode } from "../infra/codes";
import { logEvent } from "../infra/log";
import { composeMail } from "../infra/mailer";
import type { UserCaller } from "./caller";
import { AppError } from "./errors";

/** A pregnancy the caller may download, and what they would get. */
export interface ExportOption {
  pregnancyId: string;
  title: string;
  kind: Exclude<ExportKind, "account">;
  /** Set when the pregnancy is closed: the last moment its owner can download it. */
  closedAt: Date | null;
}

/** Every pregnancy the caller may download now (open ones, and closed ones within the owner's days). */
export async function exportOptions(caller: UserCaller, now = new Date()): Promise<ExportOption[]> {
  const rows = await caller.db
    .select({
      pregnancyId: pregnancies.id,
      title: pregnancies.title,
      role: pregnancyParticipants.role,
      participantStatus: pregnancyParticipants.status,
      pregnancyStatus: pregnancies.status,
      closedAt: pregnancies.closedAt,
      serviceEndDate: pregnancies.serviceEndDate,
    })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(and(eq(pregnancyParticipants.userId, caller.user.id), caller.liveSession.stands))
    .orderBy(asc(pregnancies.createdAt));
  await caller.liveSession.confirm(rows.length > 0);
  const today = todayIso(now);
  return rows.flatMap((row) => {
    const kind = exportKindFor({ ...row, withinLifetime: serviceState(row.serviceEndDate, today) !== "expired" }, now);
    return kind ? [{ pregnancyId: row.pregnancyId, title: row.title, kind, closedAt: row.pregnancyStatus === "closed" ? row.closedAt : null }] : [];
  });
}

/** One file of the zip: text we wrote, or an R2 object streamed as it is read. */
type Entry = { name: string; bytes: Uint8Array } | { name: string; key: string; size: number; lastModified: Date };

/** One zip of the export: its name and files, README first. */
interface PlannedPart {
  fileName: string;
  entries: Entry[];
}

interface ExportPlan {
  kind: ExportKind;
  title: string | null;
  parts: PlannedPart[];
}

const encoder = new TextEncoder();
const text = (name: string, content: string): Entry => ({ name, bytes: encoder.encode(content) });
const json = (name: string, value: unknown): Entry => text(name, `${JSON.stringify(value, null, 2)}\n`);
/** A CSV file of records, written by the rule every CSV of the app follows (src/domain/csv.ts). */
const csvEntry = <Row>(name: string, columns: ReadonlyArray<readonly [header: string, value: (row: Row) => CsvValue]>, rows: readonly Row[]): Entry => text(name, csvFile(csvTable(columns, rows)));
const sizeOf = (entry: Entry) => ("bytes" in entry ? entry.bytes.byteLength : entry.size);

async function accountRecord(db: Db, userId: string) {
  const [[account], [preferences], devices] = await Promise.all([
    db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email, emailVerified: users.emailVerified, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
    db
      .select({ emailInvitations: userPreferences.emailInvitations, emailRsvps: userPreferences.emailRsvps, waitingRoomActivation: userPreferences.waitingRoomActivation, weeklyDigest: userPreferences.weeklyDigest, timeZone: userPreferences.timeZone, measurementSystem: userPreferences.measurementSystem })
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId)),
    // The devices that receive pushes, with their switches; the push service's address and keys are the browser's, not the user's data.
    db
      .select({ device: pushSubscriptions.deviceLabel, waitingRoom: pushSubscriptions.waitingRoom, directMessages: pushSubscriptions.directMessages, eventInvitations: pushSubscriptions.eventInvitations, since: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
  ]);
  return { ...account, notifications: preferences ?? null, pushDevices: devices };
}

/** Names of everyone who ever took part, by user id (someone who has left keeps their name in the record). */
async function peopleOf(db: Db, pregnancyId: string) {
  const rows = await db
    .select({
      userId: pregnancyParticipants.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      invitedFirstName: pregnancyParticipants.invitedFirstName,
      invitedLastName: pregnancyParticipants.invitedLastName,
      email: users.email,
      invitedEmail: pregnancyParticipants.invitedEmail,
      role: pregnancyParticipants.role,
      status: pregnancyParticipants.status,
      title: pregnancyParticipants.title,
      relationship: pregnancyParticipants.relationship,
      privacyLevel: pregnancyParticipants.privacyLevel,
      joinedAt: pregnancyParticipants.joinedAt,
    })
    .from(pregnancyParticipants)
    .leftJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(eq(pregnancyParticipants.pregnancyId, pregnancyId));
  const names = new Map<string, string>();
  for (const row of rows) if (row.userId) names.set(row.userId, `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim());
  return { rows, nameOf: (userId: string | null) => (userId ? (names.get(userId) ?? FORMER_MEMBER_NAME) : null) };
}

/** The photos to include (all of the pregnancy's, or one person's), with their file names and records. */
async function photoEntries(db: Db, pregnancyId: string, onlyBy: string | null, nameOf: (id: string | null) => string | null) {
  const rows = await db
    .select()
    .from(photos)
    .where(and(eq(photos.pregnancyId, pregnancyId), onlyBy ? eq(photos.uploadedBy, onlyBy) : undefined))
    .orderBy(asc(photos.uploadDate), asc(photos.id));
  const ids = rows.map((row) => row.id);
  const [likes, comments] = ids.length
    ? await Promise.all([
        db.select({ photoId: photoLikes.photoId, userId: photoLikes.userId }).from(photoLikes).where(inArray(photoLikes.photoId, ids)),
        db.select({ photoId: photoComments.photoId, userId: photoComments.userId, content: photoComments.content, createdAt: photoComments.createdAt }).from(photoComments).where(inArray(photoComments.photoId, ids)).orderBy(asc(photoComments.createdAt)),
      ])
    : [[], []];
  const files: Entry[] = [];
  const records = rows.map((row) => {
    const file = photoFileName(row);
    files.push({ name: `photos/${file}`, key: row.storagePath, size: row.fileSize, lastModified: row.uploadDate });
    return {
      file,
      title: row.title,
      description: row.description,
      altText: row.altText,
      uploadedAt: row.uploadDate,
      week: row.week,
      tags: row.tags,
      audience: { privacyLevel: row.privacyLevel, audienceGroups: row.audienceGroups },
      uploadedBy: nameOf(row.uploadedBy) ?? FORMER_MEMBER_NAME,
      likedBy: likes.filter((like) => like.photoId === row.id).map((like) => nameOf(like.userId)),
      comments: comments.filter((comment) => comment.photoId === row.id).map((comment) => ({ by: nameOf(comment.userId), text: comment.content, at: comment.createdAt })),
    };
  });
  return { files, records };
}

/** Everything of the pregnancy, as its parents see it. */
async function familyEntries(db: Db, userId: string, pregnancy: typeof pregnancies.$inferSelect): Promise<Entry[]> {
  const pregnancyId = pregnancy.id;
  const { rows: people, nameOf } = await peopleOf(db, pregnancyId);
  const [photoSet, postRows, events, babies, registryItems, suggestions, guesses, game, messages, sessions, plan, kicks, contractionRows, logs, contacts, bag, supplements] = await Promise.all([
    photoEntries(db, pregnancyId, null, nameOf),
    db.select().from(posts).where(eq(posts.pregnancyId, pregnancyId)).orderBy(asc(posts.createdAt)),
    db.select().from(calendarEvents).where(eq(calendarEvents.pregnancyId, pregnancyId)).orderBy(asc(calendarEvents.date), asc(calendarEvents.time)),
    db.select().from(pregnancyBabies).where(eq(pregnancyBabies.pregnancyId, pregnancyId)).orderBy(asc(pregnancyBabies.birthOrder)),
    db.select().from(registries).where(eq(registries.pregnancyId, pregnancyId)).orderBy(asc(registries.displayOrder)),
    db.select().from(registrySuggestions).where(eq(registrySuggestions.pregnancyId, pregnancyId)).orderBy(asc(registrySuggestions.createdAt)),
    db.select().from(babyPredictions).where(eq(babyPredictions.pregnancyId, pregnancyId)).orderBy(asc(babyPredictions.createdAt)),
    db.select().from(babyGameState).where(eq(babyGameState.pregnancyId, pregnancyId)),
    waitingRoomMessagesOf(db, pregnancyId, null),
    db.select().from(waitingRoomSessions).where(eq(waitingRoomSessions.pregnancyId, pregnancyId)),
    db.select().from(birthPlans).where(eq(birthPlans.pregnancyId, pregnancyId)),
    db.select().from(kickSessions).where(eq(kickSessions.pregnancyId, pregnancyId)).orderBy(asc(kickSessions.startedAt)),
    db.select().from(contractions).where(eq(contractions.pregnancyId, pregnancyId)).orderBy(asc(contractions.startedAt)),
    db.select().from(healthLogs).where(eq(healthLogs.pregnancyId, pregnancyId)).orderBy(asc(healthLogs.loggedAt)),
    db.select().from(medicalContacts).where(eq(medicalContacts.pregnancyId, pregnancyId)),
    db.select().from(hospitalBagItems).where(eq(hospitalBagItems.pregnancyId, pregnancyId)).orderBy(asc(hospitalBagItems.owner), asc(hospitalBagItems.displayOrder)),
    // Supplements are each person's own checklist: the caller's only.
    db
      .select({ name: healthSupplements.name, dose: healthSupplements.dose, timeOfDay: healthSupplements.timeOfDay, isActive: healthSupplements.isActive, takenOn: healthSupplementDoses.takenOn })
      .from(healthSupplements)
      .leftJoin(healthSupplementDoses, eq(healthSupplementDoses.supplementId, healthSupplements.id))
      .where(and(eq(healthSupplements.pregnancyId, pregnancyId), eq(healthSupplements.userId, userId))),
  ]);
  const postIds = postRows.map((post) => post.id);
  const eventIds = events.map((event) => event.id);
  const messageIds = messages.map(({ message }) => message.id);
  const [postLikeRows, postCommentRows, rsvps, reactions, directMessages] = await Promise.all([
    postIds.length ? db.select({ postId: postLikes.postId, userId: postLikes.userId }).from(postLikes).where(inArray(postLikes.postId, postIds)) : [],
    postIds.length ? db.select().from(postComments).where(inArray(postComments.postId, postIds)).orderBy(asc(postComments.createdAt)) : [],
    eventIds.length ? db.select().from(eventParticipants).where(inArray(eventParticipants.eventId, eventIds)) : [],
    messageIds.length ? db.select().from(waitingRoomReactions).where(inArray(waitingRoomReactions.messageId, messageIds)) : [],
    directMessagesOf(db, pregnancyId, userId),
  ]);
  const babyName = (babyId: string | null) => babies.find((baby) => baby.id === babyId)?.name ?? null;

  const eventRecords = events.map((event) => ({
    title: event.title,
    date: event.date,
    time: event.time,
    location: event.location,
    category: event.category,
    week: event.weekNumber,
    notes: event.notes,
    questions: event.questions,
    audience: event.privacyLevel,
    archived: event.isArchived,
    createdBy: nameOf(event.createdBy),
    rsvps: rsvps.filter((rsvp) => rsvp.eventId === event.id).map((rsvp) => ({ name: nameOf(rsvp.userId), answer: rsvp.rsvpStatus, answeredAt: rsvp.respondedAt })),
  }));
  const imageFiles = imageFilesOf(messages);
  const parentsOfPlan = people
    .filter((person) => isParentRole(person.role) && person.status === "active")
    .map((person) => ({ firstName: person.firstName ?? person.invitedFirstName ?? "", lastName: person.lastName ?? person.invitedLastName ?? "" }));

  return [
    json("pregnancy.json", {
      title: pregnancy.title,
      status: pregnancy.status,
      dueDate: pregnancy.dueDate,
      lastMenstrualPeriod: pregnancy.lastMenstrualPeriod,
      serviceEndDate: pregnancy.serviceEndDate,
      closedAt: pregnancy.closedAt,
      babies: babies.map((baby) => ({ name: baby.name, birthOrder: baby.birthOrder, gender: baby.gender, birth: birthOf(baby, imageFiles) })),
      people: people.map((person) => ({
        name: person.userId ? nameOf(person.userId) : `${person.invitedFirstName ?? ""} ${person.invitedLastName ?? ""}`.trim(),
        email: person.email ?? person.invitedEmail,
        role: person.role,
        status: person.status,
        title: displayTitle(person.title, person.role),
        relationship: person.relationship,
        privacyLevel: person.privacyLevel,
        joinedAt: person.joinedAt,
      })),
    }),
    json("photos/photos.json", photoSet.records),
    ...photoSet.files,
    json(
      "posts.json",
      postRows.map((post) => ({
        by: nameOf(post.authorId),
        at: post.createdAt,
        content: post.content,
        mood: post.mood,
        location: post.location,
        link: post.linkUrl,
        audience: { privacyLevel: post.privacyLevel, audienceGroups: post.audienceGroups },
        likedBy: postLikeRows.filter((like) => like.postId === post.id).map((like) => nameOf(like.userId)),
        comments: postCommentRows.filter((comment) => comment.postId === post.id).map((comment) => ({ id: comment.id, replyTo: comment.parentCommentId, by: nameOf(comment.userId), at: comment.createdAt, text: comment.content })),
      })),
    ),
    json("calendar/events.json", eventRecords),
    text(
      "calendar/calendar.ics",
      buildIcalendar(
        pregnancy.title,
        events.filter((event) => !event.isArchived).map((event) => ({ id: event.id, title: event.title, date: event.date, time: event.time, location: event.location, notes: event.notes, questions: event.questions, category: event.category, updatedAt: event.updatedAt })),
        zoneOrFallback(pregnancy.timeZone),
      ),
    ),
    json("registry.json", {
      items: registryItems.map((item) => ({ name: item.name, retailer: item.retailer, url: item.url, description: item.description, visible: item.isVisible })),
      suggestions: suggestions.map((suggestion) => ({ name: suggestion.name, link: suggestion.link, note: suggestion.note, status: suggestion.status, by: nameOf(suggestion.suggestedBy), at: suggestion.createdAt })),
    }),
    json("baby-game.json", {
      locked: game[0]?.isLocked ?? false,
      results: game[0]?.actualResults ?? null,
      guesses: guesses.map((guess) => ({
        baby: babyName(guess.babyId),
        by: nameOf(guess.predictorId) ?? guess.additionalPredictions?.playerName ?? null,
        weightPounds: guess.predictedWeight,
        lengthInches: guess.predictedLength,
        date: guess.predictedDate,
        time: guess.predictedTime,
        more: guess.additionalPredictions,
      })),
    }),
    json("waiting-room/messages.json", {
      sessions: sessions.map((session) => ({ active: session.isActive, falseAlarm: session.isFalseAlarm, babyHere: session.isBabyHere, openedAt: session.createdAt, closedAt: session.closedAt })),
      messages: messages.map(({ message }) => ({
        id: message.id,
        replyTo: message.parentMessageId,
        kind: message.kind,
        by: nameOf(message.authorId) ?? "BabySteps",
        at: message.createdAt,
        text: message.content,
        image: message.storagePath ? `images/${storedFileName(message.storagePath)}` : null,
        reactions: reactions.filter((reaction) => reaction.messageId === message.id).map((reaction) => ({ by: nameOf(reaction.userId), emoji: reaction.emoji })),
      })),
    }),
    ...imageFiles,
    json("waiting-room/direct-messages.json", directMessages.map((message) => ({ with: nameOf(message.otherId), by: nameOf(message.authorId), at: message.createdAt, text: message.content }))),
    csvEntry(
      "health/kick-sessions.csv",
        [
          ["started", (row) => row.startedAt],
          ["ended", (row) => row.endedAt],
          ["baby", (row) => babyName(row.babyId)],
          ["kicks", (row) => row.kickOffsetsMs.length],
          ["recorded by", (row) => nameOf(row.recordedBy)],
        ],
        kicks,
    ),
    csvEntry(
      "health/contractions.csv",
        [
          ["started", (row) => row.startedAt],
          ["ended", (row) => row.endedAt],
          ["recorded by", (row) => nameOf(row.recordedBy)],
        ],
        contractionRows,
    ),
    csvEntry(
      "health/logs.csv",
        [
          ["logged", (row) => row.loggedAt],
          ["week", (row) => row.week],
          ["kind", (row) => row.kind],
          ["name", (row) => row.name],
          ["severity", (row) => row.severity],
          ["notes", (row) => row.notes],
          ["by", (row) => nameOf(row.userId)],
        ],
        logs,
    ),
    csvEntry(
      "health/medical-contacts.csv",
        [
          ["kind", (row) => row.kind],
          ["name", (row) => row.name],
          ["phone", (row) => row.phone],
          ["email", (row) => row.email],
          ["address", (row) => row.address],
          ["notes", (row) => row.notes],
        ],
        contacts,
    ),
    csvEntry(
      "health/hospital-bag.csv",
        [
          ["for", (row) => row.owner],
          ["item", (row) => row.name],
          ["packed", (row) => row.isPacked],
        ],
        bag,
    ),
    csvEntry(
      "health/supplements.csv",
        [
          ["supplement", (row) => row.name],
          ["dose", (row) => row.dose],
          ["when", (row) => row.timeOfDay],
          ["active", (row) => row.isActive],
          ["taken on", (row) => row.takenOn],
        ],
        supplements,
    ),
    text(
      "health/birth-plan.html",
      birthPlanPage({
        title: pregnancy.title,
        parents: parentNames(parentsOfPlan),
        dueDate: pregnancy.dueDate,
        sections: answeredSections(normalizeBirthPlanAnswers(plan[0]?.answers ?? {})).map((section) => ({
          title: section.title,
          questions: section.questions.map((question) => ({ label: question.label, answer: question.values.join(", ") })),
        })),
      }),
    ),
  ];
}

/** The waiting room's messages (all, or one author's), each with the size of its stored picture when it has one. */
function waitingRoomMessagesOf(db: Db, pregnancyId: string, onlyBy: string | null) {
  return db
    .select({ message: waitingRoomMessages, imageSize: waitingRoomImages.fileSize })
    .from(waitingRoomMessages)
    .leftJoin(waitingRoomImages, eq(waitingRoomImages.storagePath, waitingRoomMessages.storagePath))
    .where(and(eq(waitingRoomMessages.pregnancyId, pregnancyId), onlyBy ? eq(waitingRoomMessages.authorId, onlyBy) : undefined))
    .orderBy(asc(waitingRoomMessages.createdAt));
}

/** The pictures those messages show, as files of the zip. */
/**
 * A born baby's birth as the parents told it (null while expected): the day, the time on their clock
 * with its zone, the sizes in the units stored (pounds, inches) with the units they typed, the guest
 * circles told, and the announcement's picture when it is in this zip.
 */
function birthOf(baby: typeof pregnancyBabies.$inferSelect, imageFiles: readonly Entry[]) {
  if (!baby.bornAnnouncedAt) return null;
  const photo = baby.birthPhotoPath ? `waiting-room/images/${storedFileName(baby.birthPhotoPath)}` : null;
  return {
    announcedAt: baby.bornAnnouncedAt,
    date: baby.birthDate,
    time: baby.birthTime,
    timeZone: baby.birthTimeZone,
    weightPounds: baby.birthWeightPounds,
    lengthInches: baby.birthLengthInches,
    enteredIn: baby.birthMeasurementSystem,
    toldTo: baby.birthAudienceGroups,
    photo: photo && imageFiles.some((file) => file.name === photo) ? photo : null,
  };
}

const imageFilesOf = (messages: Awaited<ReturnType<typeof waitingRoomMessagesOf>>): Entry[] =>
  messages.flatMap(({ message, imageSize }) =>
    message.storagePath && imageSize !== null ? [{ name: `waiting-room/images/${storedFileName(message.storagePath)}`, key: message.storagePath, size: imageSize, lastModified: message.createdAt }] : [],
  );

/** The caller's own direct conversations in the waiting room, never anyone else's. */
async function directMessagesOf(db: Db, pregnancyId: string, userId: string) {
  const rows = await db
    .select({ userA: waitingRoomConversations.userA, userB: waitingRoomConversations.userB, authorId: waitingRoomDmMessages.authorId, content: waitingRoomDmMessages.content, createdAt: waitingRoomDmMessages.createdAt })
    .from(waitingRoomDmMessages)
    .innerJoin(waitingRoomConversations, eq(waitingRoomConversations.id, waitingRoomDmMessages.conversationId))
    .where(and(eq(waitingRoomConversations.pregnancyId, pregnancyId), or(eq(waitingRoomConversations.userA, userId), eq(waitingRoomConversations.userB, userId))))
    .orderBy(asc(waitingRoomDmMessages.createdAt));
  return rows.map((row) => ({ ...row, otherId: row.userA === userId ? row.userB : row.userA }));
}

/** What one guest added to the pregnancy, and nothing of anyone else's beyond the event they answered. */
async function ownEntries(db: Db, userId: string, pregnancyId: string): Promise<Entry[]> {
  const { nameOf } = await peopleOf(db, pregnancyId);
  const pregnancyPhotos = db.select({ id: photos.id }).from(photos).where(eq(photos.pregnancyId, pregnancyId));
  const pregnancyPosts = db.select({ id: posts.id }).from(posts).where(eq(posts.pregnancyId, pregnancyId));
  const [photoSet, ownPosts, postCommentRows, photoCommentRows, likedPhotos, likedPosts, rsvps, guesses, messages, suggestions, directMessages] = await Promise.all([
    photoEntries(db, pregnancyId, userId, nameOf),
    db.select().from(posts).where(and(eq(posts.pregnancyId, pregnancyId), eq(posts.authorId, userId))).orderBy(asc(posts.createdAt)),
    db.select().from(postComments).where(and(eq(postComments.userId, userId), inArray(postComments.postId, pregnancyPosts))).orderBy(asc(postComments.createdAt)),
    db.select().from(photoComments).where(and(eq(photoComments.userId, userId), inArray(photoComments.photoId, pregnancyPhotos))).orderBy(asc(photoComments.createdAt)),
    db.select({ photoId: photoLikes.photoId, at: photoLikes.createdAt }).from(photoLikes).where(and(eq(photoLikes.userId, userId), inArray(photoLikes.photoId, pregnancyPhotos))),
    db.select({ postId: postLikes.postId, at: postLikes.createdAt }).from(postLikes).where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, pregnancyPosts))),
    db
      .select({ title: calendarEvents.title, date: calendarEvents.date, time: calendarEvents.time, location: calendarEvents.location, answer: eventParticipants.rsvpStatus, answeredAt: eventParticipants.respondedAt })
      .from(eventParticipants)
      .innerJoin(calendarEvents, eq(calendarEvents.id, eventParticipants.eventId))
      .where(and(eq(eventParticipants.userId, userId), eq(calendarEvents.pregnancyId, pregnancyId)))
      .orderBy(asc(calendarEvents.date)),
    db
      .select({ guess: babyPredictions, baby: pregnancyBabies.name })
      .from(babyPredictions)
      .innerJoin(pregnancyBabies, eq(pregnancyBabies.id, babyPredictions.babyId))
      .where(and(eq(babyPredictions.pregnancyId, pregnancyId), eq(babyPredictions.predictorId, userId))),
    waitingRoomMessagesOf(db, pregnancyId, userId),
    db.select().from(registrySuggestions).where(and(eq(registrySuggestions.pregnancyId, pregnancyId), eq(registrySuggestions.suggestedBy, userId))),
    directMessagesOf(db, pregnancyId, userId),
  ]);
  const imageFiles = imageFilesOf(messages);
  return [
    json("photos/photos.json", photoSet.records),
    ...photoSet.files,
    json("posts.json", {
      posts: ownPosts.map((post) => ({ at: post.createdAt, content: post.content, mood: post.mood, location: post.location, link: post.linkUrl, audience: { privacyLevel: post.privacyLevel, audienceGroups: post.audienceGroups } })),
      commentsOnPosts: postCommentRows.map((comment) => ({ at: comment.createdAt, text: comment.content })),
      commentsOnPhotos: photoCommentRows.map((comment) => ({ at: comment.createdAt, text: comment.content })),
      likes: { photos: likedPhotos.length, posts: likedPosts.length },
    }),
    json("calendar/rsvps.json", rsvps),
    json("registry.json", { suggestions: suggestions.map((suggestion) => ({ name: suggestion.name, link: suggestion.link, note: suggestion.note, status: suggestion.status, at: suggestion.createdAt })) }),
    json(
      "baby-game.json",
      guesses.map(({ guess, baby }) => ({ baby, weightPounds: guess.predictedWeight, lengthInches: guess.predictedLength, date: guess.predictedDate, time: guess.predictedTime, more: guess.additionalPredictions })),
    ),
    json(
      "waiting-room/messages.json",
      messages.map(({ message }) => ({ at: message.createdAt, text: message.content, image: message.storagePath ? `images/${storedFileName(message.storagePath)}` : null })),
    ),
    ...imageFiles,
    json("waiting-room/direct-messages.json", directMessages.map((message) => ({ with: nameOf(message.otherId), by: nameOf(message.authorId), at: message.createdAt, text: message.content }))),
  ];
}

/** What the caller may download from this pregnancy (null pregnancy: the account alone), or refused. */
async function planExport(caller: UserCaller, pregnancyId: string | null, now: Date): Promise<ExportPlan> {
  const { db, user } = caller;
  const account = json("account.json", await accountRecord(db, user.id));
  let kind: ExportKind = "account";
  let title: string | null = null;
  let entries: Entry[] = [];
  if (pregnancyId) {
    const option = (await exportOptions(caller, now)).find((candidate) => candidate.pregnancyId === pregnancyId);
    if (!option) throw new AppError("FORBIDDEN", "ACCESS_DENIED", DATA_EXPORT_MESSAGES.notAllowed);
    kind = option.kind;
    title = option.title;
    if (option.kind === "family") {
      const [pregnancy] = await db.select().from(pregnancies).where(eq(pregnancies.id, pregnancyId));
      if (!pregnancy) throw new AppError("FORBIDDEN", "ACCESS_DENIED", DATA_EXPORT_MESSAGES.notAllowed);
      entries = await familyEntries(db, user.id, pregnancy);
    } else {
      entries = await ownEntries(db, user.id, pregnancyId);
    }
  }
  const split = splitIntoParts([account, ...entries].map((entry) => ({ entry, size: sizeOf(entry), stored: "key" in entry })));
  const parts = split.map((files, index) => {
    const part = { number: index + 1, of: split.length };
    const names = files.map(({ entry }) => entry.name);
    const readme = text("README.txt", exportReadme({ kind, title, madeAt: now, files: names, part }));
    return { fileName: exportFileName(kind, title, now, part), entries: [readme, ...files.map(({ entry }) => entry)] };
  });
  return { kind, title, parts };
}

/** The zip's exact length, known before a byte is sent: the browser shows real progress. */
const zipLength = (entries: readonly Entry[]) => predictLength(entries.map((entry) => ({ name: entry.name, size: sizeOf(entry) })));

const TOKEN_SUBJECT = "data-export";
const tokenIdentifier = async (token: string) => `${TOKEN_SUBJECT}:${await hashCode(TOKEN_SUBJECT, token)}`;

/**
 * Prepares a download: checks what the caller may take, sizes it, and hands back a link that works
 * for an hour (the zip is made when the link is opened, so nothing is stored). The account's mailbox
 * is told, so a download made by someone else is noticed.
 */
export async function prepareExport(caller: UserCaller, input: { pregnancyId: string | null }, now = new Date()) {
  const plan = await planExport(caller, input.pregnancyId, now);
  const token = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_MS);
  await caller.db.insert(verifications).values({ id: crypto.randomUUID(), identifier: await tokenIdentifier(token), value: JSON.stringify({ userId: caller.user.id, pregnancyId: input.pregnancyId }), expiresAt });
  const what = plan.title ? `${plan.title}` : "your account";
  await caller.mailer.send(composeMail(caller.user.email, DATA_EXPORT_MESSAGES.mailSubject, [...DATA_EXPORT_MESSAGES.mail(what, now.toUTCString())]));
  const parts = plan.parts.map((part, index) => ({
    number: index + 1,
    of: plan.parts.length,
    url: `/api/export/${token}/${index + 1}`,
    fileName: part.fileName,
    files: part.entries.length,
    bytes: Number(zipLength(part.entries)),
  }));
  const everything = plan.parts.flatMap((part) => part.entries);
  return {
    kind: plan.kind,
    expiresAt,
    parts,
    files: everything.length,
    photos: everything.filter((entry) => entry.name.startsWith("photos/") && "key" in entry).length,
    bytes: parts.reduce((sum, part) => sum + part.bytes, 0),
  };
}

const storedToken = (value: string): { userId: string; pregnancyId: string | null } => JSON.parse(value) as { userId: string; pregnancyId: string | null };

/**
 * Streams the zip for a prepared link: only to the account that prepared it, only while the link
 * lasts, and only what that account may still take now (a guest removed since gets nothing). R2
 * objects are read one at a time as the zip needs them, so memory stays flat whatever the size.
 */
export async function exportDownload(caller: UserCaller, input: { token: string; part: number }, now = new Date()): Promise<Response> {
  const [row] = await caller.db.select({ value: verifications.value, expiresAt: verifications.expiresAt }).from(verifications).where(eq(verifications.identifier, await tokenIdentifier(input.token)));
  const link = row ? storedToken(row.value) : null;
  const expired = () => new AppError("NOT_FOUND", "EXPORT_LINK_EXPIRED", DATA_EXPORT_MESSAGES.linkExpired);
  if (!row || !link || link.userId !== caller.user.id || row.expiresAt.getTime() < now.getTime()) throw expired();
  const plan = await planExport(caller, link.pregnancyId, now);
  // Parts are planned again from what is there now; a part that no longer exists needs a new link.
  const part = plan.parts[input.part - 1];
  if (!part) throw expired();
  const bucket = caller.env.PHOTOS;
  async function* files() {
    for (const entry of part!.entries) {
      if ("bytes" in entry) {
        yield { name: entry.name, input: entry.bytes, lastModified: now };
        continue;
      }
      const object = await bucket.get(entry.key);
      // A file removed after the zip was sized would break its promised length: stop with an error.
      if (!object || object.size !== entry.size) throw new Error(`export: ${entry.key} changed while downloading`);
      yield { name: entry.name, input: object.body, size: entry.size, lastModified: entry.lastModified };
    }
  }
  // A FixedLengthStream is how a Worker sends a streamed body with its Content-Length.
  const sized = new FixedLengthStream(Number(zipLength(part.entries)));
  makeZip(files())
    .pipeTo(sized.writable)
    .catch((error: unknown) => logEvent("error", "export stream failed", { error: error instanceof Error ? error.message : String(error) }));
  return new Response(sized.readable, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${part.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
