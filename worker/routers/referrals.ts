import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { isValidReferralFormat, normalizeReferralCode, REFERRAL_INPUT_MAX } from "../../src/domain/referral";
import type { Db } from "../db";
import { referrals } from "../db/schema";
import { publicProcedure, rateLimited, router } from "../trpc/init";

export type ReferralCheck = { status: "valid"; discountPercent: number } | { status: "not_found" } | { status: "malformed" };

/** The wizard's referral field: format first (no lookup for a malformed code), then the table, lowercased. */
export async function checkReferralCode(db: Db, input: string): Promise<ReferralCheck> {
  if (!isValidReferralFormat(input)) return { status: "malformed" };
  const [row] = await db
    .select({ discountPercent: referrals.discountPercent })
    .from(referrals)
    .where(and(eq(referrals.referralCode, normalizeReferralCode(input)), eq(referrals.active, true)));
  return row ? { status: "valid", discountPercent: row.discountPercent } : { status: "not_found" };
}

export const referralsRouter = router({
  check: publicProcedure.use(rateLimited("referralCheck")).input(z.object({ code: z.string().max(REFERRAL_INPUT_MAX) })).query(({ ctx, input }) => checkReferralCode(ctx.db, input.code)),
});
