import { and, eq, sql } from "drizzle-orm";
import { rateLimitAddress, signInWaitSeconds, withSignInAttempt } from "../../src/domain/rateLimits";
import type { Db } from "../db";
import { rateLimits } from "../db/schema";
import { MS_PER_SECOND } from "../../src/domain/units";

/** At most `max` requests per `window` seconds (better-auth's rule shape). */
export interface RateLimitRule {
  window: number;
  max: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * The client's address as Cloudflare reports it (better-auth keys its limits on the same header),
 * an IPv6 one as its /64.
 */
export const clientAddress = (request: Request) => rateLimitAddress(request.headers.get("cf-connecting-ip") ?? "unknown");

/**
 * Counts one request against each of `keys` in a fixed window; refused when any bucket is over.
 * The buckets share better-auth's rate_limits table (per-isolate memory is useless on Workers); our
 * keys are namespaced ('contact:<ip>') so they never meet its '<ip>|<path>' keys. One upsert reads
 * and counts every bucket atomically, so parallel requests cannot slip past the limit.
 */
export async function hitRateLimit(db: Db, keys: string | readonly string[], rule: RateLimitRule, now = Date.now()): Promise<RateLimitVerdict> {
  const windowMs = rule.window * MS_PER_SECOND;
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
  // One row per key: an upsert may not touch the same row twice.
  const unique = [...new Set(typeof keys === "string" ? [keys] : keys)];
  const buckets = await db
    .insert(rateLimits)
    .values(unique.map((key) => ({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      // lastRequest holds the start of the current window.
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
  if (buckets.length !== unique.length) throw new Error(`Rate-limit buckets ${unique.join(", ")} were not written`);
  const over = buckets.filter((bucket) => bucket.count > rule.max);
  if (over.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  const resetsAt = Math.max(...over.map((bucket) => bucket.windowStart + windowMs));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now) / MS_PER_SECOND)) };
}

/** Tries to take one attempt at the same state before giving up: contention is itself a flood. */
const SIGN_IN_ATTEMPT_TRIES = 3;

const signInKey = (email: string) => `sign-in:${email.trim().toLowerCase()}`;

/**
 * Counts one sign-in attempt to the account behind `email`, before its password is compared, or
 * refuses it while the account must wait (src/domain/rateLimits.ts). The count is written only
 * over the state it was decided on, so parallel attempts cannot all pass on one look.
 */
export async function takeSignInAttempt(db: Db, email: string, now = Date.now()): Promise<RateLimitVerdict> {
  const key = signInKey(email);
  for (let tries = 0; tries < SIGN_IN_ATTEMPT_TRIES; tries++) {
    const [row] = await db.select({ count: rateLimits.count, lastRequest: rateLimits.lastRequest }).from(rateLimits).where(eq(rateLimits.key, key));
    const attempts = row ? { count: row.count, lastAt: row.lastRequest } : null;
    const waitSeconds = signInWaitSeconds(attempts, now);
    if (waitSeconds > 0) return { allowed: false, retryAfterSeconds: waitSeconds };
    const next = withSignInAttempt(attempts, now);
    const taken = row
      ? await db
          .update(rateLimits)
          .set({ count: next.count, lastRequest: next.lastAt })
          .where(and(eq(rateLimits.key, key), eq(rateLimits.count, row.count), eq(rateLimits.lastRequest, row.lastRequest)))
          .returning({ key: rateLimits.key })
      : await db
          .insert(rateLimits)
          .values({ id: crypto.randomUUID(), key, count: next.count, lastRequest: next.lastAt })
          .onConflictDoNothing({ target: rateLimits.key })
          .returning({ key: rateLimits.key });
    if (taken.length > 0) return { allowed: true, retryAfterSeconds: 0 };
  }
  return { allowed: false, retryAfterSeconds: 1 };
}

/** A successful sign-in forgives the attempts before it. */
export async function clearSignInAttempts(db: Db, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, signInKey(email)));
}
