import { and, asc, eq, gt, inArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { serviceState, type ServiceState } from "../../src/domain/dates";
import { FALLBACK_TIME_ZONE, todayIn, zoneOrFallback } from "../../src/domain/timeZones";
import type { ParticipantRole, PermissionFlag, Permissions } from "../../src/domain/enums";
import { effectivePermissions, isParentRole } from "../../src/domain/permissions";
import { guestAccessAfterLoss, type LossMemories } from "../../src/domain/pregnancyLoss";
import type { AuthSession } from "../auth";
import type { Executor } from "../db";
import { prebuiltSelect } from "../db/prebuilt";
import { notSignedIn } from "./errors";
import { pregnancies, pregnancyParticipants, sessions, userPreferences, users } from "../db/schema";

export interface PregnancyAccess {
  id: string;
  participantId: string;
  role: ParticipantRole;
  /** The participant's own title ('Grandma'); shown through displayTitle. */
  title: string | null;
  isParent: boolean;
  privacyLevel: string | null;
  permissions: Permissions;
  /** Account lifetime (core spec 4): full service, or read-only after the service end. */
  serviceState: Exclude<ServiceState, "expired">;
  /** The last day of full service (read-only follows). */
  serviceEndDate: string;
  /** The family's time zone (UTC until a parent's browser told us one). */
  timeZone: string;
  /** The family's date at the request's moment, in its zone. */
  today: string;
  /** A parent recorded that the pregnancy ended in loss (issue 38): nothing speaks of a baby on the way. */
  endedInLoss: boolean;
}

/** The family's zone in a select: UTC until a parent's browser told us one. */
export const familyZoneColumn = sql<string>`coalesce(${pregnancies.timeZone}, ${FALLBACK_TIME_ZONE})`;

/** The user's active participation in the pregnancy. */
const activeParticipation = (userId: string | Placeholder, pregnancyId: string | Placeholder) =>
  and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.userId, userId), eq(pregnancyParticipants.status, "active"));

/** Pregnancies that give access: active ones (and, with `closedToOwner`, a closed one to its owner). */
const pregnancyOpen = (options: AccessOptions) =>
  options.closedToOwner
    ? or(eq(pregnancies.status, "active"), and(eq(pregnancies.status, "closed"), eq(pregnancyParticipants.role, "owner")))
    : eq(pregnancies.status, "active");

const accessColumns = {
  participantId: pregnancyParticipants.id,
  role: pregnancyParticipants.role,
  title: pregnancyParticipants.title,
  privacyLevel: pregnancyParticipants.privacyLevel,
  custom: pregnancyParticipants.permissions,
  serviceEndDate: pregnancies.serviceEndDate,
  timeZone: pregnancies.timeZone,
  lossRecordedAt: pregnancies.lossRecordedAt,
  lossMemories: pregnancies.lossMemories,
};

type ParticipantRow = typeof pregnancyParticipants.$inferSelect;
interface AccessRow {
  participantId: string;
  role: ParticipantRole;
  title: string | null;
  privacyLevel: ParticipantRow["privacyLevel"] | null;
  custom: ParticipantRow["permissions"];
  serviceEndDate: string;
  timeZone: string | null;
  lossRecordedAt: Date | null;
  lossMemories: LossMemories | null;
}

function accessOf(pregnancyId: string, row: AccessRow, now: Date = new Date()): PregnancyAccess | null {
  const timeZone = zoneOrFallback(row.timeZone);
  const today = todayIn(timeZone, now);
  const state = serviceState(row.serviceEndDate, today);
  if (state === "expired") return null;
  const endedInLoss = row.lossRecordedAt !== null;
  // After a loss the parents decide what guests keep: as before, to look at only, or nothing.
  const afterLoss = endedInLoss && !isParentRole(row.role) ? guestAccessAfterLoss(row.lossMemories) : "as-before";
  if (afterLoss === "hidden") return null;
  return {
    id: pregnancyId,
    participantId: row.participantId,
    role: row.role,
    title: row.title,
    isParent: isParentRole(row.role),
    privacyLevel: row.privacyLevel,
    permissions: effectivePermissions(row.role, row.custom),
    serviceState: afterLoss === "read-only" ? "read-only" : state,
    serviceEndDate: row.serviceEndDate,
    timeZone,
    today,
    endedInLoss,
  };
}

export interface AccessOptions {
  /** Deleting a cancelled pregnancy is the one door that opens a closed pregnancy, to its owner only. */
  closedToOwner?: boolean;
  /** The moment "today" is taken at (the request's). */
  now?: Date;
}

/**
 * The user's active participation in an active pregnancy, with effective permissions; null when
 * none. A closed (cancelled) pregnancy and one past its 7 read-only years give no access at all,
 * except, with `closedToOwner`, a closed one to its owner (for the one door that asks: deleting it).
 * For a request, `loadSessionAccess` asks the same and checks the session in the same statement.
 */
export async function loadPregnancyAccess(db: Executor, userId: string, pregnancyId: string, options: AccessOptions = {}): Promise<PregnancyAccess | null> {
  const [row] = await db
    .select(accessColumns)
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(and(activeParticipation(userId, pregnancyId), pregnancyOpen(options)))
    .limit(1);
  return row ? accessOf(pregnancyId, row, options.now) : null;
}

/** A user's access to one of their pregnancies, with what a mail about it shows. */
export interface ParticipationAccess {
  userId: string;
  access: PregnancyAccess;
  title: string;
  dueDate: string;
}

/**
 * Every active participation of these users in an active pregnancy still in its service or
 * read-only years, with the access a request would get: for work without a session (the weekly
 * digest), in one statement however many users.
 */
export async function loadParticipationAccesses(db: Executor, userIds: readonly string[], now: Date): Promise<ParticipationAccess[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ ...accessColumns, userId: pregnancyParticipants.userId, pregnancyId: pregnancies.id, pregnancyTitle: pregnancies.title, dueDate: pregnancies.dueDate })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(and(inArray(pregnancyParticipants.userId, [...userIds]), eq(pregnancyParticipants.status, "active"), pregnancyOpen({})))
    .orderBy(asc(pregnancyParticipants.createdAt));
  return rows.flatMap(({ userId, pregnancyId, pregnancyTitle, dueDate, ...row }) => {
    const access = userId ? accessOf(pregnancyId, row, now) : null;
    return userId && access ? [{ userId, access, title: pregnancyTitle, dueDate }] : [];
  });
}

/** The session a request came with: who, and which session row must still exist. */
export interface RequestSession {
  userId: string;
  sessionId: string;
}

export type SessionAccess = { signedIn: false } | { signedIn: true; access: PregnancyAccess | null };

/** The request's session row, while it still exists and has not run out. */
const liveSessionRow = (session: SessionKeys) => and(eq(sessions.id, session.sessionId), eq(sessions.userId, session.userId), gt(sessions.expiresAt, sql`now()`));

/** The keys of the request's session: as values, or as placeholders in a prebuilt statement. */
type SessionKeys = { [K in keyof RequestSession]: RequestSession[K] | Placeholder };

/** "This session still stands", as a condition an account read puts in its own statement (LiveSession). */
export const sessionStands = (session: SessionKeys): SQL<boolean> => sql<boolean>`exists (select 1 from ${sessions} where ${liveSessionRow(session)})`;

/**
 * `stands` in a statement built once (db/prebuilt.ts), filled in by `LiveSession.standsValues`:
 * true once the session is confirmed, else while its row stands.
 */
export const sessionStandsPlaceholder = sql<boolean>`(${sql.placeholder("sessionConfirmed")} or ${sessionStands({ sessionId: sql.placeholder("sessionId"), userId: sql.placeholder("sessionUserId") })})`;

/** The values `sessionStandsPlaceholder` takes. */
export interface SessionStandsValues {
  sessionConfirmed: boolean;
  sessionId: string;
  sessionUserId: string;
}

/**
 * `loadSessionAccess`'s statement, built once per isolate (db/prebuilt.ts): every pregnancy door
 * runs it. Its values: userId, sessionId, pregnancyId.
 */
const sessionAccessStatement = (options: Pick<AccessOptions, "closedToOwner">) =>
  prebuiltSelect({ ...accessColumns, hasPregnancy: pregnancies.id }, (select) =>
    select
      .from(sessions)
      .leftJoin(pregnancyParticipants, activeParticipation(sql.placeholder("userId"), sql.placeholder("pregnancyId")))
      .leftJoin(pregnancies, and(eq(pregnancies.id, pregnancyParticipants.pregnancyId), pregnancyOpen(options)))
      .where(liveSessionRow({ sessionId: sql.placeholder("sessionId"), userId: sql.placeholder("userId") }))
      .limit(1),
  );
const sessionAccessStatements = { open: sessionAccessStatement({}), closedToOwner: sessionAccessStatement({ closedToOwner: true }) };

/**
 * The caller's access to a pregnancy and, in the same round trip, whether their session still
 * exists. The session itself comes from the signed cookie cache without asking the database
 * (worker/auth.ts); this is where a session ended on another device (sign-out everywhere, a
 * password change, a reset) stops reaching family data at once rather than when the cache expires.
 */
export async function loadSessionAccess(db: Executor, session: RequestSession, pregnancyId: string, options: AccessOptions = {}): Promise<SessionAccess> {
  const statement = options.closedToOwner ? sessionAccessStatements.closedToOwner : sessionAccessStatements.open;
  const [row] = await statement(db, { userId: session.userId, sessionId: session.sessionId, pregnancyId });
  if (!row) return { signedIn: false };
  const { participantId, role, serviceEndDate, hasPregnancy } = row;
  if (participantId === null || role === null || serviceEndDate === null || hasPregnancy === null) return { signedIn: true, access: null };
  return { signedIn: true, access: accessOf(pregnancyId, { ...row, participantId, role, serviceEndDate }, options.now) };
}

/**
 * The user behind a still-existing session, as the database has them now, with the time zone their
 * browser last told us (the app sends it when it differs) and their units (null: the browser's region); null once the session ended (anywhere)
 * or ran out. One statement, for account doors that take the cookie cache's session only after
 * this says it still stands.
 */
export async function loadLiveSessionUser(db: Executor, session: RequestSession): Promise<(typeof users.$inferSelect & Pick<typeof userPreferences.$inferSelect, "timeZone" | "measurementSystem">) | null> {
  const [row] = await db
    .select({ user: users, timeZone: userPreferences.timeZone, measurementSystem: userPreferences.measurementSystem })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userPreferences, eq(userPreferences.userId, sessions.userId))
    .where(liveSessionRow(session))
    .limit(1);
  return row ? { ...row.user, timeZone: row.timeZone, measurementSystem: row.measurementSystem } : null;
}

/**
 * How a signed-in caller's services learn that the session still stands (issue 40). Pregnancy doors
 * and account changes confirm it before the service runs. An account read confirms it in its own
 * statement instead: it puts `stands` in its WHERE (or selects it), then tells `confirm` what it
 * found. Rows prove the session stood; no rows cannot tell a dead session from no data, so only then
 * is the database asked separately (one more statement), and a dead session is refused.
 */
export interface LiveSession {
  /** True in SQL while the session stands; plain `true` once it is confirmed. */
  readonly stands: SQL<boolean>;
  /** The same for a prebuilt statement, as the values of `sessionStandsPlaceholder`. */
  standsValues(): SessionStandsValues;
  /** Whether the database has confirmed the session during this request. */
  readonly confirmed: boolean;
  /** What a read under `stands` found; nothing found asks the database and refuses a dead session (UNAUTHORIZED). */
  confirm(found: boolean): Promise<void>;
  /** The user as stored now (email confirmation, names, zone, units), read with the session's check in one statement, once per request; refuses a dead session. */
  user(): Promise<AuthSession["user"]>;
}

/**
 * The request's LiveSession. `fresh` is the request's one database read of the session and its user
 * (worker/context.ts freshSession: null once the session ended, its cookies then expired).
 */
export function liveSession(session: RequestSession, fresh: () => Promise<AuthSession | null>, confirmedAlready: boolean): LiveSession {
  let confirmed = confirmedAlready;
  // Built when a read asks for it: most requests confirm the session another way.
  let pending: SQL<boolean> | undefined;
  const user = async () => {
    const current = await fresh();
    if (!current) throw notSignedIn();
    confirmed = true;
    return current.user;
  };
  return {
    get stands() {
      return confirmed ? sql<boolean>`true` : (pending ??= sessionStands(session));
    },
    standsValues: () => ({ sessionConfirmed: confirmed, sessionId: session.sessionId, sessionUserId: session.userId }),
    get confirmed() {
      return confirmed;
    },
    async confirm(found) {
      if (found) confirmed = true;
      else if (!confirmed) await user();
    },
    user,
  };
}

/** The LiveSession of a caller whose session the database has just confirmed, reading `user` with it. */
export const confirmedSession = (user: AuthSession["user"]): LiveSession => ({
  stands: sql<boolean>`true`,
  standsValues: () => ({ sessionConfirmed: true, sessionId: "", sessionUserId: user.id }),
  confirmed: true,
  confirm: () => Promise.resolve(),
  user: () => Promise.resolve(user),
});

/** One access load per pregnancy per request: a batch of procedures on one pregnancy asks once. */
export function sessionAccessLoader(db: Executor, session: RequestSession, now: Date): (pregnancyId: string, options?: AccessOptions) => Promise<SessionAccess> {
  const loads = new Map<string, Promise<SessionAccess>>();
  return (pregnancyId, options = {}) => {
    const key = `${pregnancyId}:${options.closedToOwner === true}`;
    let load = loads.get(key);
    if (!load) {
      load = loadSessionAccess(db, session, pregnancyId, { ...options, now });
      loads.set(key, load);
    }
    return load;
  };
}

export const hasFlag = (access: PregnancyAccess, flag: PermissionFlag) => access.permissions[flag];
