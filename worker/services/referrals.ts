import { and, eq } from "drizzle-orm";
import { isValidReferralFormat, normalizeReferralCode } from "../../src/domain/referral";
import { referrals } from "../db/schema";
import type { RequestScope } from "./caller";

export type ReferralCheck = { status: "valid"; discountPercent: number } | { status: "not_found" } | { status: "malformed" };

/** The wizard's referral field: format first (no lookup for a malformed code), then the table, lowercased. */
export async function checkReferralCode(scope: RequestScope, input: string): Promise<ReferralCheck> {
  if (!isValidReferralFormat(input)) return { status: "malformed" };
  const [row] = await scope.db
    .select({ discountPercent: referrals.discountPercent })
    .from(referrals)
    .where(and(eq(referrals.referralCode, normalizeReferralCode(input)), eq(referrals.active, true)));
  return row ? { status: "valid", discountPercent: row.discountPercent } : { status: "not_found" };
}
