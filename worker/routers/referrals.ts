import { z } from "zod";
import { REFERRAL_INPUT_MAX } from "../../src/domain/referral";
import { checkReferralCode } from "../services/referrals";
import { publicProcedure, rateLimited, router } from "../trpc/init";

export const referralsRouter = router({
  check: publicProcedure.use(rateLimited("referralCheck")).input(z.object({ code: z.string().max(REFERRAL_INPUT_MAX) })).query(({ ctx, input }) => checkReferralCode(ctx, input.code)),
});
