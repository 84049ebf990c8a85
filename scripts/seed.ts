import { hashPassword } from "better-auth/crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { eventWeekNumber } from "../src/domain/calendar";
import { addDays, dueDateFromLmp, lmpFromDueDate, serviceEndDate, todayIso } from "../src/domain/dates";
import { weightFromPoundsOunces } from "../src/domain/prediction";
import { conversationPair } from "../src/domain/messaging";
import { milestoneByKey, milestoneEvent } from "../src/domain/milestones";
import { normalizeRegistryUrl, registryDescription } from "../src/domain/registry";
import { GUEST_DEFAULT_PERMISSIONS } from "../src/domain/permissions";
import { audienceGroupsOf } from "../src/domain/posts";
import { sanitizePostContent } from "../src/domain/richText";
import { sanitizeComment, sanitizeLocation, sanitizeNotes, sanitizeQuestions, sanitizeTitle } from "../src/domain/sanitize";
import { FALSE_ALARM_CLOSE_MS, falseAlarmNotice, formatClosingTime, waitingRoomActivation, waitingRoomClosedNotice } from "../src/domain/waitingRoom";
import type { Db } from "../worker/db";
import {
  accounts,
  babyPredictions,
  birthPlans,
  calendarEvents,
  contractions,
  eventParticipants,
  healthSupplementDoses,
  healthSupplements,
  kickSessions,
  healthLogs,
  hospitalBagItems,
  medicalContacts,
  pregnancies,
  pregnancyBabies,
  postComments,
  postLikes,
  posts,
  pregnancyParticipants,
  referrals,
  registries,
  registrySuggestions,
  subscriptions,
  users,
  waitingRoomConversations,
  waitingRoomDmMessages,
  waitingRoomMessages,
  waitingRoomReactions,
  waitingRoomSessions,
} from "../worker/db/schema";
import {
  DEMO_BABIES,
  DEMO_CONTRACTIONS,
  DEMO_BIRTH_PLAN,
  DEMO_DAYS_UNTIL_DUE,
  DEMO_EVENTS,
  DEMO_FAMILY,
  DEMO_KICK_SESSIONS,
  DEMO_HEALTH_LOGS,
  DEMO_MEDICAL_CONTACTS,
  DEMO_MILESTONE_EVENTS,
  DEMO_PACKED_BAG_ITEMS,
  DEMO_PASSWORD,
  DEMO_POSTS,
  DEMO_PREDICTIONS,
  DEMO_PREGNANCY_TITLE,
  DEMO_REFERRAL_CODE,
  DEMO_REGISTRIES,
  DEMO_REGISTRY_SUGGESTIONS,
  DEMO_SUPPLEMENTS,
  DEMO_WAITING_ROOM,
  demoMember,
  type DemoMember,
  type DemoText,
} from "./demo-family";
import { cleanHealthLog, healthLogWeek } from "../src/domain/healthLogs";
import { cleanMedicalContact } from "../src/domain/medicalContacts";
import { HOSPITAL_BAG_DEFAULTS } from "../src/domain/hospitalBag";
import { normalizeBirthPlanAnswers } from "../src/domain/birthPlan";
import { KICK_TARGET_MOVEMENTS } from "../src/domain/healthTrackers";
import { MS_PER_DAY, MS_PER_MINUTE, MS_PER_SECOND } from "../src/domain/units";
import { PLANS, REFERRAL_DISCOUNT_PERCENT } from "../src/domain/billing";

/**
 * Seeds the demo family once (idempotent: does nothing when the owner already exists), in one
 * transaction so a half-seeded family can never be left behind.
 */
export async function seedDemoFamily(db: Db, today = todayIso()): Promise<{ seeded: boolean }> {
  const owner = DEMO_FAMILY[0];
  if (!owner) throw new Error("Demo family has no owner");
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, owner.email));
  if (existing) {
    await seedReferralCode(db, existing.id);
    await seedWaitingRoomHistory(db, today);
    await seedDemoPosts(db, today);
    await seedDemoEvents(db, today);
    await seedDemoRegistry(db);
    await seedDemoHealth(db, today);
    await seedDemoPredictions(db, today);
    await seedDemoHealthRecords(db, today);
    return { seeded: false };
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const dueDate = addDays(today, DEMO_DAYS_UNTIL_DUE);
  const lastMenstrualPeriod = lmpFromDueDate(dueDate);
  if (dueDateFromLmp(lastMenstrualPeriod) !== dueDate) throw new Error("Demo dates are inconsistent");

  await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const member of DEMO_FAMILY) {
      const id = crypto.randomUUID();
      ids.set(member.key, id);
      await tx.insert(users).values({
        id,
        name: `${member.firstName} ${member.lastName}`,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        emailVerified: true,
      });
      await tx.insert(accounts).values({ id: crypto.randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash });
    }
    const ownerId = ids.get(owner.key);
    const basic = PLANS.basic;
    const [pregnancy] = await tx
      .insert(pregnancies)
      .values({
        title: DEMO_PREGNANCY_TITLE,
        status: "active",
        createdByUserId: ownerId,
        dueDate,
        lastMenstrualPeriod,
        serviceEndDate: serviceEndDate(dueDate),
        photoStorageLimit: basic.photoLimit,
        setupCompletedAt: new Date(),
      })
      .returning({ id: pregnancies.id });
    if (!pregnancy || !ownerId) throw new Error("Demo pregnancy was not created");

    await tx.insert(pregnancyParticipants).values(
      DEMO_FAMILY.map((member) => ({
        pregnancyId: pregnancy.id,
        userId: ids.get(member.key),
        role: member.role,
        status: "active" as const,
        invitedEmail: member.email,
        title: member.title,
        relationship: member.relationship ?? null,
        privacyLevel: member.privacyLevel,
        // Guests store their whole flag set: a partial object would normalise the rest to false.
        permissions: member.role === "guest" ? { ...GUEST_DEFAULT_PERMISSIONS, ...member.overrides } : null,
        invitedByUserId: member.role === "owner" ? null : ownerId,
        joinedAt: new Date(),
      })),
    );
    await tx.insert(pregnancyBabies).values(DEMO_BABIES.map((baby, index) => ({ pregnancyId: pregnancy.id, name: baby.name, gender: baby.gender, birthOrder: index + 1 })));
    await tx.insert(subscriptions).values({
      pregnancyId: pregnancy.id,
      userId: ownerId,
      status: "active",
      tier: "basic",
      photoStorageLimit: basic.photoLimit,
      monthlyCostCents: basic.priceCents,
      currentPeriodEnd: new Date(`${addDays(today, 30)}T00:00:00Z`),
    });
  });
  const [created] = await db.select({ id: users.id }).from(users).where(eq(users.email, owner.email));
  if (created) await seedReferralCode(db, created.id);
  await seedWaitingRoomHistory(db, today);
  await seedDemoPosts(db, today);
  await seedDemoEvents(db, today);
  await seedDemoRegistry(db);
  await seedDemoHealth(db, today);
  await seedDemoPredictions(db, today);
  await seedDemoHealthRecords(db, today);
  return { seeded: true };
}

/** Each area's demo content is seeded on its own and idempotently, so older data dirs catch up. */
async function seedReferralCode(db: Db, ownerId: string): Promise<void> {
  await db.insert(referrals).values({ referralCode: DEMO_REFERRAL_CODE, userId: ownerId, discountPercent: REFERRAL_DISCOUNT_PERCENT }).onConflictDoNothing();
}

/** The demo members' user ids and the owner's (first) pregnancy, or null when it is not there. */
interface DemoPregnancy {
  pregnancyId: string;
  dueDate: string;
  lastMenstrualPeriod: string;
  userIdOf: (key: DemoMember["key"]) => string;
}

async function demoPregnancy(db: Db): Promise<DemoPregnancy | null> {
  const members = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, DEMO_FAMILY.map((m) => m.email)));
  const userIdOf = (key: DemoMember["key"]) => {
    const member = members.find((m) => m.email === demoMember(key).email);
    if (!member) throw new Error(`Demo member ${key} is missing`);
    return member.id;
  };
  const [pregnancy] = await db
    .select({ id: pregnancyParticipants.pregnancyId, dueDate: pregnancies.dueDate })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(and(eq(pregnancyParticipants.userId, userIdOf("olivia")), eq(pregnancyParticipants.role, "owner")))
    .orderBy(asc(pregnancyParticipants.createdAt))
    .limit(1);
  return pregnancy ? { pregnancyId: pregnancy.id, dueDate: pregnancy.dueDate, lastMenstrualPeriod: lmpFromDueDate(pregnancy.dueDate), userIdOf } : null;
}

/**
 * The demo pregnancy, for a part of the demo that is not seeded yet: each part's first fixed row id
 * marks it seeded (so a restart adds nothing twice); null when it is there already or no demo family.
 */
async function demoPregnancyToSeed(db: Db, table: PgTable & { id: AnyPgColumn }, firstId: string | undefined): Promise<DemoPregnancy | null> {
  if (!firstId) return null;
  const [seeded] = await db.select({ id: table.id }).from(table).where(eq(table.id, firstId));
  return seeded ? null : demoPregnancy(db);
}

/**
 * The demo pregnancy's past false alarm (DEMO_WAITING_ROOM): a closed session, its conversation,
 * reactions and a direct conversation, in one transaction. Its session id marks it seeded.
 */
async function seedWaitingRoomHistory(db: Db, today: string): Promise<void> {
  const room = DEMO_WAITING_ROOM;
  const family = await demoPregnancyToSeed(db, waitingRoomSessions, room.sessionId);
  if (!family) return;
  const { pregnancyId, userIdOf } = family;

  const openedAt = new Date(`${addDays(today, -room.daysAgo)}T${room.openedAtUtc}:00Z`);
  const at = (minutes: number) => new Date(openedAt.getTime() + minutes * MS_PER_MINUTE);
  const falseAlarmAt = at(room.falseAlarmAfterMinutes);
  const closedAt = new Date(falseAlarmAt.getTime() + FALSE_ALARM_CLOSE_MS);
  const openedBy = userIdOf(room.openedBy);
  const [title] = await db.select({ title: pregnancies.title }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));

  const notices = [
    { id: room.noticeIds.activated, senderId: openedBy, content: waitingRoomActivation(title?.title ?? DEMO_PREGNANCY_TITLE, []).notice, createdAt: openedAt },
    { id: room.noticeIds.falseAlarm, senderId: openedBy, content: falseAlarmNotice(formatClosingTime(closedAt, "UTC")), createdAt: falseAlarmAt },
    { id: room.noticeIds.closed, senderId: null, content: waitingRoomClosedNotice("false-alarm"), createdAt: closedAt },
  ].map((notice) => ({ ...notice, pregnancyId, authorId: null, kind: "parent_update" as const }));
  const written = (m: DemoText) => ({ id: m.id, pregnancyId, senderId: userIdOf(m.author), authorId: userIdOf(m.author), content: m.content, createdAt: at(m.minutesAfterOpening) });
  const posted = room.messages.flatMap((m) => [
    { ...written(m), kind: m.parentUpdate ? ("parent_update" as const) : ("standard" as const) },
    ...(m.replies ?? []).map((r) => ({ ...written(r), parentMessageId: m.id })),
  ]);
  const reactions = room.messages.flatMap((m) =>
    (m.reactions ?? []).map((r, index) => ({ messageId: m.id, userId: userIdOf(r.by), emoji: r.emoji, createdAt: at(m.minutesAfterOpening + index + 1) })),
  );

  const { conversation } = room;
  const [first, second] = conversation.between.map(userIdOf) as [string, string];
  const pair = conversationPair(first, second);
  const dms = conversation.messages.map((m) => ({ id: m.id, conversationId: conversation.id, authorId: userIdOf(m.author), content: m.content, createdAt: at(m.minutesAfterOpening) }));
  // What one side wrote after the other's last message is still unread by the other.
  const unreadBy = (userId: string) => {
    const lastOwn = dms.findLastIndex((m) => m.authorId === userId);
    return dms.slice(lastOwn + 1).filter((m) => m.authorId !== userId).length;
  };

  await db.transaction(async (tx) => {
    await tx.insert(waitingRoomSessions).values({ id: room.sessionId, pregnancyId, isActive: false, isFalseAlarm: true, scheduledCloseAt: closedAt, closedAt, activatedBy: openedBy, createdAt: openedAt });
    await tx.insert(waitingRoomMessages).values([...notices, ...posted]);
    await tx.insert(waitingRoomReactions).values(reactions);
    const [opened] = await tx
      .insert(waitingRoomConversations)
      .values({ id: conversation.id, pregnancyId, ...pair, unreadA: unreadBy(pair.userA), unreadB: unreadBy(pair.userB), lastActivityAt: dms.at(-1)?.createdAt, createdAt: dms[0]?.createdAt })
      // The pair may have talked in this data directory already; their own conversation stays as it is.
      .onConflictDoNothing()
      .returning({ id: waitingRoomConversations.id });
    if (opened) await tx.insert(waitingRoomDmMessages).values(dms);
  });
}

/**
 * The parents' demo posts (DEMO_POSTS) with their likes, comments and reply, in one transaction,
 * stored as the posts router stores them (sanitised, audience groups from the level). The first
 * post's id marks them seeded.
 */
async function seedDemoPosts(db: Db, today: string): Promise<void> {
  const family = await demoPregnancyToSeed(db, posts, DEMO_POSTS[0]?.id);
  if (!family) return;
  const { pregnancyId, userIdOf } = family;

  const rows = DEMO_POSTS.map((post) => {
    const postedAt = new Date(`${addDays(today, -post.daysAgo)}T${post.postedAtUtc}:00Z`);
    const at = (minutes: number) => new Date(postedAt.getTime() + minutes * MS_PER_MINUTE);
    const comment = (c: { id: string; by: DemoMember["key"]; minutesAfterPosting: number; content: string }, parentCommentId: string | null = null) => {
      const createdAt = at(c.minutesAfterPosting);
      return { id: c.id, postId: post.id, parentCommentId, userId: userIdOf(c.by), content: sanitizeComment(c.content), createdAt, updatedAt: createdAt };
    };
    return {
      // updated_at equals created_at: a later one shows the post as edited.
      post: {
        id: post.id,
        pregnancyId,
        authorId: userIdOf(post.author),
        content: sanitizePostContent(post.content),
        mood: post.mood ?? null,
        location: post.location ? sanitizeLocation(post.location) : null,
        privacyLevel: post.privacyLevel,
        audienceGroups: audienceGroupsOf(post.privacyLevel),
        createdAt: postedAt,
        updatedAt: postedAt,
      },
      likes: post.likes.map((key, index) => ({ postId: post.id, userId: userIdOf(key), createdAt: at(index + 1) })),
      comments: post.comments.flatMap((c) => [comment(c), ...(c.replies ?? []).map((reply) => comment(reply, c.id))]),
    };
  });

  await db.transaction(async (tx) => {
    await tx.insert(posts).values(rows.map((r) => r.post));
    await tx.insert(postLikes).values(rows.flatMap((r) => r.likes));
    await tx.insert(postComments).values(rows.flatMap((r) => r.comments));
  });
}

/**
 * The demo calendar (DEMO_EVENTS, and DEMO_MILESTONE_EVENTS auto-dated from the due date) with the
 * baby shower's invitations, in one transaction, stored as the calendar router stores them
 * (sanitised, the week from the LMP, guest_count the invitees attending). The first event's id
 * marks them seeded.
 */
async function seedDemoEvents(db: Db, today: string): Promise<void> {
  const family = await demoPregnancyToSeed(db, calendarEvents, DEMO_EVENTS[0]?.id);
  if (!family) return;
  const { pregnancyId, userIdOf, lastMenstrualPeriod: lmp } = family;
  const daysAgo = (days: number) => new Date(`${addDays(today, -days)}T12:00:00Z`);

  const events = DEMO_EVENTS.map((event) => {
    const date = addDays(today, event.daysFromToday);
    return {
      id: event.id,
      pregnancyId,
      title: sanitizeTitle(event.title),
      notes: event.notes ? sanitizeNotes(event.notes) : null,
      questions: event.questions ? sanitizeQuestions(event.questions) : null,
      location: event.location ? sanitizeLocation(event.location) : null,
      date,
      time: event.time ?? null,
      category: event.category,
      weekNumber: eventWeekNumber(date, lmp),
      privacyLevel: event.privacyLevel,
      guestCount: (event.invitations ?? []).filter((invitation) => invitation.rsvp === "attending").length,
      createdBy: userIdOf(event.createdBy),
    };
  });
  const milestones = DEMO_MILESTONE_EVENTS.map(({ id, key, addedBy }) => ({ id, pregnancyId, ...milestoneEvent(milestoneByKey(key), lmp), createdBy: userIdOf(addedBy) }));
  const invitations = DEMO_EVENTS.flatMap((event) =>
    (event.invitations ?? []).map((invitation) => ({
      eventId: event.id,
      userId: userIdOf(invitation.guest),
      rsvpStatus: invitation.rsvp,
      invitedAt: daysAgo(event.invitedDaysAgo ?? 0),
      respondedAt: invitation.respondedDaysAgo === undefined ? null : daysAgo(invitation.respondedDaysAgo),
    })),
  );

  await db.transaction(async (tx) => {
    await tx.insert(calendarEvents).values([...events, ...milestones]);
    if (invitations.length > 0) await tx.insert(eventParticipants).values(invitations);
  });
}

/**
 * The demo registry (DEMO_REGISTRIES in their order) and the guests' suggestions, in one
 * transaction, stored as the registry router stores them (https URL, description cut). The first
 * registry's id marks them seeded.
 */
async function seedDemoRegistry(db: Db): Promise<void> {
  const family = await demoPregnancyToSeed(db, registries, DEMO_REGISTRIES[0]?.id);
  if (!family) return;
  const { pregnancyId, userIdOf } = family;
  const storedUrl = (url: string) => {
    const normalized = normalizeRegistryUrl(url);
    if (!normalized.ok) throw new Error(`Demo registry URL is invalid: ${url}`);
    return normalized.value;
  };
  const rows = DEMO_REGISTRIES.map((registry, displayOrder) => ({
    id: registry.id,
    pregnancyId,
    name: sanitizeTitle(registry.name),
    retailer: registry.retailer ?? null,
    url: storedUrl(registry.url),
    description: registry.description ? registryDescription(registry.description) : null,
    isCustom: registry.retailer === undefined,
    isVisible: registry.isVisible,
    displayOrder,
    createdBy: userIdOf(registry.createdBy),
  }));
  const now = Date.now();
  const suggestions = DEMO_REGISTRY_SUGGESTIONS.map((suggestion, index) => ({
    id: suggestion.id,
    // A day apart, the first the oldest, so the parents' newest-first list has a stable order.
    createdAt: new Date(now - (DEMO_REGISTRY_SUGGESTIONS.length - index) * MS_PER_DAY),
    pregnancyId,
    suggestedBy: userIdOf(suggestion.by),
    name: sanitizeTitle(suggestion.name),
    link: suggestion.link ? storedUrl(suggestion.link) : null,
    note: suggestion.note ? registryDescription(suggestion.note) : null,
  }));
  await db.transaction(async (tx) => {
    await tx.insert(registries).values(rows);
    if (suggestions.length > 0) await tx.insert(registrySuggestions).values(suggestions);
  });
}

/**
 * The parents' health trackers (DEMO_SUPPLEMENTS, DEMO_KICK_SESSIONS, DEMO_CONTRACTIONS) in one
 * transaction, stored as the health router stores them. The first supplement's id marks them seeded.
 */
async function seedDemoHealth(db: Db, today: string): Promise<void> {
  const family = await demoPregnancyToSeed(db, healthSupplements, DEMO_SUPPLEMENTS[0]?.id);
  if (!family) return;
  const { pregnancyId, userIdOf } = family;
  const babies = await db.select({ id: pregnancyBabies.id, birthOrder: pregnancyBabies.birthOrder }).from(pregnancyBabies).where(eq(pregnancyBabies.pregnancyId, pregnancyId));
  const at = (daysAgo: number, timeUtc: string) => new Date(`${addDays(today, -daysAgo)}T${timeUtc}:00Z`);

  const supplements = DEMO_SUPPLEMENTS.map((s) => ({
    id: s.id,
    pregnancyId,
    userId: userIdOf("olivia"),
    name: s.name,
    dose: s.dose,
    timeOfDay: s.timeOfDay,
    createdAt: at(s.addedDaysAgo, "08:00"),
    updatedAt: at(s.addedDaysAgo, "08:00"),
  }));
  const doses = DEMO_SUPPLEMENTS.flatMap((s) => s.takenDaysAgo.map((daysAgo) => ({ supplementId: s.id, takenOn: addDays(today, -daysAgo), takenAt: at(daysAgo, "09:00") })));
  const sessions = DEMO_KICK_SESSIONS.map((session) => {
    const startedAt = at(session.daysAgo, session.startedAtUtc);
    // Movements evenly spread so the 10th comes at minutesToTen.
    const gapMs = (session.minutesToTen * MS_PER_MINUTE) / KICK_TARGET_MOVEMENTS;
    const kickOffsetsMs = Array.from({ length: session.movements }, (_, i) => Math.round(gapMs * (i + 1)));
    return {
      id: session.id,
      pregnancyId,
      babyId: babies.find((baby) => baby.birthOrder === session.birthOrder)?.id ?? null,
      recordedBy: userIdOf(session.by),
      startedAt,
      endedAt: new Date(startedAt.getTime() + (kickOffsetsMs.at(-1) ?? 0)),
      kickOffsetsMs,
    };
  });
  const timed = DEMO_CONTRACTIONS.map((c) => {
    const startedAt = at(c.daysAgo, c.startedAtUtc);
    return { id: c.id, pregnancyId, recordedBy: userIdOf("olivia"), startedAt, endedAt: new Date(startedAt.getTime() + c.seconds * MS_PER_SECOND) };
  });

  await db.transaction(async (tx) => {
    await tx.insert(healthSupplements).values(supplements);
    await tx.insert(healthSupplementDoses).values(doses);
    await tx.insert(kickSessions).values(sessions);
    await tx.insert(contractions).values(timed);
  });
}

/**
 * The demo baby game (DEMO_PREDICTIONS), open, stored as the game router stores guesses (the
 * weight as pounds + ounces / 16 with the typed pounds and ounces kept). The first guess's id
 * marks them seeded.
 */
async function seedDemoPredictions(db: Db, today: string): Promise<void> {
  const family = await demoPregnancyToSeed(db, babyPredictions, DEMO_PREDICTIONS[0]?.id);
  if (!family) return;
  const { pregnancyId, userIdOf, dueDate } = family;
  const babies = await db.select({ id: pregnancyBabies.id }).from(pregnancyBabies).where(eq(pregnancyBabies.pregnancyId, pregnancyId)).orderBy(asc(pregnancyBabies.birthOrder));

  const rows = DEMO_PREDICTIONS.flatMap((guess) => {
    const babyId = babies[guess.baby]?.id;
    if (!babyId) return [];
    const player = typeof guess.by === "string" ? { predictorId: userIdOf(guess.by), enteredBy: userIdOf(guess.by), named: {} } : { predictorId: null, enteredBy: userIdOf(guess.by.enteredBy), named: { playerName: guess.by.playerName, relationship: guess.by.relationship } };
    const createdAt = new Date(`${addDays(today, -guess.daysAgo)}T18:00:00Z`);
    return [
      {
        id: guess.id,
        pregnancyId,
        babyId,
        predictorId: player.predictorId,
        enteredBy: player.enteredBy,
        predictedWeight: weightFromPoundsOunces(guess.weightPounds, guess.weightOunces),
        predictedLength: guess.length,
        predictedDate: addDays(dueDate, guess.daysFromDue),
        predictedTime: guess.time,
        additionalPredictions: {
          ...player.named,
          weightPounds: guess.weightPounds,
          weightOunces: guess.weightOunces,
          ...(guess.hairColor ? { hairColor: guess.hairColor } : {}),
          ...(guess.eyeColor ? { eyeColor: guess.eyeColor } : {}),
          ...(guess.nameGuess ? { nameGuess: guess.nameGuess } : {}),
        },
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
  // A member who already guessed in this data directory keeps their own guess.
  if (rows.length > 0) await db.insert(babyPredictions).values(rows).onConflictDoNothing();
}

/**
 * The parents' health records: two weeks of cravings and symptoms, the birth plan so far, the
 * hospital bag with a few items packed and the care team, in one transaction, stored as the health
 * router stores them (cleaned, weeks from the LMP). The first log's id marks them seeded.
 */
async function seedDemoHealthRecords(db: Db, today: string): Promise<void> {
  const family = await demoPregnancyToSeed(db, healthLogs, DEMO_HEALTH_LOGS[0]?.id);
  if (!family) return;
  const { pregnancyId, userIdOf, lastMenstrualPeriod: lmp } = family;

  const logs = DEMO_HEALTH_LOGS.map((log) => {
    const day = addDays(today, -log.daysAgo);
    return {
      id: log.id,
      pregnancyId,
      userId: userIdOf(log.by),
      kind: log.kind,
      ...cleanHealthLog(log),
      severity: log.severity ?? null,
      loggedAt: new Date(`${day}T${log.atUtc}:00Z`),
      week: healthLogWeek(day, lmp),
    };
  });
  const answers = normalizeBirthPlanAnswers(DEMO_BIRTH_PLAN);
  if (Object.keys(answers).length !== Object.keys(DEMO_BIRTH_PLAN).length) throw new Error("The demo birth plan has answers the form does not offer");
  const order = new Map<string, number>();
  const bag = HOSPITAL_BAG_DEFAULTS.map((item) => {
    const displayOrder = order.get(item.owner) ?? 0;
    order.set(item.owner, displayOrder + 1);
    return { pregnancyId, owner: item.owner, name: item.name, defaultKey: item.key, displayOrder, isPacked: DEMO_PACKED_BAG_ITEMS.includes(item.key) };
  });
  const contacts = DEMO_MEDICAL_CONTACTS.map((contact) => ({ id: contact.id, pregnancyId, ...cleanMedicalContact(contact) }));

  await db.transaction(async (tx) => {
    await tx.insert(healthLogs).values(logs).onConflictDoNothing();
    await tx.insert(birthPlans).values({ pregnancyId, answers, updatedBy: userIdOf("olivia") }).onConflictDoNothing();
    await tx.insert(hospitalBagItems).values(bag).onConflictDoNothing();
    await tx.insert(medicalContacts).values(contacts).onConflictDoNothing();
  });
}
