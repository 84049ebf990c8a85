/**
 * Issuing a gift card from its paid checkout (the webhook's part): one card per checkout session,
 * with a fresh code, and the code mailed to the buyer once the card is stored.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { giftCardDescription, giftCardPurchaseSchema, generateGiftCardCode, type GiftCardPurchase } from "../../src/domain/giftCards";
import type { Tx } from "../db";
import { giftCards } from "../db/schema";
import { MAIL_PRODUCT_NAME, composeMail, type Mail } from "../infra/mailer";
import { formatPrice } from "../../src/domain/billing";

/** Marks a checkout session as a gift card purchase in its metadata. */
const GIFT_CARD_CHECKOUT_KIND = "gift_card";
/** Where the gift card mail sends the recipient to redeem it. */
const REDEEM_PATH = "/settings#billing";
/**
 * A new code colliding with a stored one is a 1 in 2^80 event per card; a few draws make a repeat
 * impossible in practice, and an endless loop impossible by construction.
 */
const CODE_DRAWS = 3;

/** A paid gift card checkout as the webhook reads it. */
export interface PaidGiftCard {
  sessionId: string;
  amountCents: number;
  purchase: GiftCardPurchase;
}

/** The metadata a gift card checkout carries (strings only, as Stripe keeps them). */
export function giftCardMetadata(purchase: GiftCardPurchase): Record<string, string> {
  return {
    kind: GIFT_CARD_CHECKOUT_KIND,
    planType: purchase.planType,
    months: String(purchase.months),
    purchaserEmail: purchase.purchaserEmail,
    ...(purchase.recipientName ? { recipientName: purchase.recipientName } : {}),
    ...(purchase.message ? { message: purchase.message } : {}),
  };
}

/** A completed and paid gift card checkout in US dollars, or null for any other session. */
export function paidGiftCardOf(session: Stripe.Checkout.Session): PaidGiftCard | null {
  const metadata = session.metadata ?? {};
  if (session.mode !== "payment" || metadata.kind !== GIFT_CARD_CHECKOUT_KIND || session.payment_status !== "paid" || session.currency !== "usd") return null;
  const purchase = giftCardPurchaseSchema.safeParse({ ...metadata, months: Number(metadata.months) });
  if (!purchase.success || !session.amount_total) return null;
  // The balance is what was paid, not what the metadata says it should have cost.
  return { sessionId: session.id, amountCents: session.amount_total, purchase: purchase.data };
}

export type IssuedGiftCard = typeof giftCards.$inferSelect;

/**
 * Stores the card inside the webhook's transaction. Null when this checkout already has its card
 * (Stripe may tell us about a payment more than once): the unique session id keeps it to one.
 */
export async function issueGiftCard(tx: Tx, paid: PaidGiftCard): Promise<IssuedGiftCard | null> {
  for (let draw = 0; draw < CODE_DRAWS; draw++) {
    const [card] = await tx
      .insert(giftCards)
      .values({
        code: generateGiftCardCode(),
        balanceCents: paid.amountCents,
        initialBalanceCents: paid.amountCents,
        plan: paid.purchase.planType,
        purchaserEmail: paid.purchase.purchaserEmail,
        stripeCheckoutSessionId: paid.sessionId,
        recipientName: paid.purchase.recipientName || null,
        message: paid.purchase.message || null,
      })
      // Either unique key: this session's card exists already, or the drawn code is taken.
      .onConflictDoNothing()
      .returning();
    if (card) return card;
    const [existing] = await tx.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.stripeCheckoutSessionId, paid.sessionId));
    if (existing) return null;
  }
  throw new Error(`No free gift card code after ${CODE_DRAWS} draws`);
}

/** The buyer's mail: the code on its own line, how to redeem it, and the card's terms. */
export function giftCardMail(origin: string, card: IssuedGiftCard, purchase: GiftCardPurchase): Mail {
  const forWhom = card.recipientName ? ` for ${card.recipientName}` : "";
  return composeMail(
    purchase.purchaserEmail,
    `Your ${MAIL_PRODUCT_NAME} gift card`,
    [
      `Thank you for buying a ${MAIL_PRODUCT_NAME} gift card${forWhom}: ${giftCardDescription(purchase.planType, purchase.months)}.`,
      `Gift card code: ${card.code}`,
      ...(card.message ? [`Your message: "${card.message}"`] : []),
      `To redeem it, sign in to ${MAIL_PRODUCT_NAME}, open Settings and enter the code under Billing. The ${formatPrice(card.initialBalanceCents)} become account credit that pays invoices first; anything left stays on the account.`,
      "Gift cards never expire, have no fees, are in U.S. dollars and are not refundable.",
    ],
    { label: "Redeem in Settings", url: `${origin}${REDEEM_PATH}` },
  );
}
