import { sql } from "drizzle-orm";
import { MS_PER_SECOND } from "../../src/domain/constants";
import type { Db } from "../db";
import { rateLimits } from "../db/schema";

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
 * Counts one request against `key` in a fixed window. The buckets share better-auth's rate_limits
 * table (per-isolate memory is useless on Workers); our keys are namespaced ('contact:<ip>') so
 * they never meet its '<ip><path>' keys. One upsert reads and counts atomically, so parallel
 * requests cannot slip past the limit.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitVerdict> {
  const windowMs = rule.window * MS_PER_SECOND;
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
  const [bucket] = await db
    .insert(rateLimits)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      // lastRequest holds the start of the current window.
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
  if (!bucket) throw new Error(`Rate-limit bucket ${key} was not written`);
  if (bucket.count <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.windowStart + windowMs - now) / MS_PER_SECOND)) };
}
