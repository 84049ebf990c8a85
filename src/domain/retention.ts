/**
 * What the daily retention job keeps and for how long (issue 20). A pregnancy is kept through its
 * 7 read-only years (core spec 4), then deleted with every photo, after its parents were warned by
 * mail; spent secrets (sessions, codes, invitation links) and rate-limit counters go once nothing
 * can use them any more.
 */
import { addDays, daysUntil, readOnlyUntil } from "./dates";
import { AUTH_RATE_LIMITS, PROCEDURE_RATE_LIMITS, PUBLIC_RATE_LIMITS, SIGN_IN_THROTTLE } from "./rateLimits";
import { MS_PER_DAY, MS_PER_SECOND } from "./units";

/** The daily job's schedule (wrangler.toml [triggers]): 03:17 UTC, off the hour when others run theirs. */
export const RETENTION_CRON = "17 3 * * *";

/** The parents are warned this many days before their pregnancy is deleted, and never less. */
export const PURGE_WARNING_DAYS = 30;

/** A used, revoked or expired invitation link or partner code is kept this long, so a late click still gets a clear answer. */
export const SPENT_TOKEN_GRACE_DAYS = 30;

/** The longest any rate-limit counter is read back (a sign-in throttle is forgotten after a day). */
const LONGEST_RATE_WINDOW_SECONDS = Math.max(
  SIGN_IN_THROTTLE.forgetAfterSeconds,
  ...[AUTH_RATE_LIMITS, PUBLIC_RATE_LIMITS, PROCEDURE_RATE_LIMITS].flatMap((rules) => Object.values(rules).map((rule) => rule.window)),
);

/** A rate-limit row untouched this long counts for nothing any more. */
export const RATE_LIMIT_ROW_TTL_MS = 2 * LONGEST_RATE_WINDOW_SECONDS * MS_PER_SECOND;

export type PurgeStep = "keep" | "warn" | "delete";

/**
 * What the job does with a pregnancy today: warn its parents from PURGE_WARNING_DAYS before the
 * end of its read-only years, delete it once those years are over and the warning is at least
 * PURGE_WARNING_DAYS old (a pregnancy the job never warned, say after an outage, is warned first
 * and kept the full notice period).
 */
export function purgeStep(serviceEnd: string, warnedAt: Date | null, now: Date, today: string): PurgeStep {
  const lastDay = readOnlyUntil(serviceEnd);
  if (!warnedAt) return daysUntil(lastDay, today) <= PURGE_WARNING_DAYS ? "warn" : "keep";
  const noticeServed = now.getTime() - warnedAt.getTime() >= PURGE_WARNING_DAYS * MS_PER_DAY;
  return daysUntil(lastDay, today) < 0 && noticeServed ? "delete" : "keep";
}

/** The first day the pregnancy may be deleted, as the warning mail states it. */
export function deletionDate(serviceEnd: string, warnedOn: string): string {
  const afterReadOnly = addDays(readOnlyUntil(serviceEnd), 1);
  const afterNotice = addDays(warnedOn, PURGE_WARNING_DAYS);
  return afterReadOnly > afterNotice ? afterReadOnly : afterNotice;
}

export const RETENTION_MESSAGES = {
  warningSubject: (title: string) => `${title} will be deleted soon`,
  warning: (title: string, date: string) => [
    `Your pregnancy "${title}" has been kept read-only for 7 years after its service ended, as our terms say.`,
    `On ${date} it will be deleted for good: every photo, post, event, registry, game, waiting-room message and health record in it.`,
    "Sign in before then to save what you want to keep.",
  ],
} as const;
