import { z } from "zod";
import { GIFT_CARD_CODE_INPUT_MAX, giftCardPurchaseSchema } from "../../src/domain/giftCards";
import { publicProcedure, rateLimited, router, signedInProcedure } from "../trpc/init";
import { accountCredit, giftCardForSession, redeemGiftCard, startGiftCardCheckout } from "../services/giftCards";
import { stripeSessionId } from "./inputs";

/** Gift cards (onboarding spec 1-3): bought by anyone, redeemed by a signed-in user as account credit. */
export const giftCardsRouter = router({
  /**
   * A gift card checkout (Stripe, payment mode, US dollars). Public: the buyer is anyone (a
   * grandparent without an account); the card belongs to whoever redeems its code.
   */
  createCheckout: publicProcedure.use(rateLimited("giftCardCheckout")).input(giftCardPurchaseSchema).mutation(({ ctx, input }) => startGiftCardCheckout(ctx, input)),

  /** The card a paid gift card checkout issued (for its success page), or null until the webhook stores it. */
  purchase: publicProcedure.use(rateLimited("giftCardPurchase")).input(z.object({ stripeSessionId })).query(({ ctx, input }) => giftCardForSession(ctx, input.stripeSessionId)),

  /** Moves a gift card's balance onto the caller's account as credit, drawn first on invoices. */
  redeem: signedInProcedure
    .use(rateLimited("giftCardRedeem"))
    .input(z.object({ code: z.string().max(GIFT_CARD_CODE_INPUT_MAX) }))
    .mutation(({ ctx, input }) => redeemGiftCard(ctx.caller, input.code)),

  /** The caller's account credit (gift card balance not yet drawn by invoices). */
  credit: signedInProcedure.query(({ ctx }) => accountCredit(ctx.caller)),
});
