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

/** The client's address as Cloudflare reports it; better-auth keys its limits on the same header. */
export const clientAddress = (request: Request) => request.headers.get("cf-connecting-ip") ?? "unknown";

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
