/**
 * Gift cards (onboarding spec 1-3): sold to anyone through a Stripe checkout in payment mode (the
 * webhook issues the card, giftCardIssue.ts), redeemed by a signed-in user as credit on
 * their Stripe customer's balance, which Stripe draws first on every invoice.
 */
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import { successPathWithSessionId } from "../../src/domain/billing";
import { GIFT_CARD_MESSAGES, giftCardDescription, type GiftCardPurchase, giftCardValueCents, normalizeGiftCardCode } from "../../src/domain/giftCards";
import { giftCards } from "../db/schema";
import { MAIL_PRODUCT_NAME } from "../infra/mailer";
import type { RequestScope, UserCaller } from "./caller";
import { AppError } from "./errors";
import { billingClient, knownCustomerId } from "./billing";
import { giftCardMetadata } from "./giftCardIssue";
import { callStripe } from "./subscription";

const GIFT_CARD_RETURN = { success: "/giftcards/success", cancel: "/giftcards?payment=cancelled" } as const;

/** A one-time checkout for the card's value in US dollars; the buyer needs no account. */
export async function startGiftCardCheckout(scope: RequestScope, purchase: GiftCardPurchase): Promise<{ url: string }> {
  const { stripe } = billingClient(scope);
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: giftCardValueCents(purchase.planType, purchase.months),
          product_data: { name: `${MAIL_PRODUCT_NAME} gift card: ${giftCardDescription(purchase.planType, purchase.months)}` },
        },
      },
    ],
    customer_email: purchase.purchaserEmail,
    success_url: `${scope.origin}${successPathWithSessionId(GIFT_CARD_RETURN.success)}`,
    cancel_url: `${scope.origin}${GIFT_CARD_RETURN.cancel}`,
    metadata: giftCardMetadata(purchase),
  });
  if (!session.url) throw new AppError("INTERNAL_SERVER_ERROR", "NO_CHECKOUT_URL", "No checkout URL received");
  return { url: session.url };
}

/**
 * The card a checkout issued, for its success page; null until the webhook has stored it. The
 * session id is the key: only the buyer's browser was sent back with it.
 */
export async function giftCardForSession(scope: RequestScope, sessionId: string) {
  const [card] = await scope.db
    .select({ code: giftCards.code, plan: giftCards.plan, valueCents: giftCards.initialBalanceCents, recipientName: giftCards.recipientName, purchaserEmail: giftCards.purchaserEmail })
    .from(giftCards)
    .where(eq(giftCards.stripeCheckoutSessionId, sessionId));
  return card ?? null;
}

/** The user's Stripe customer, created on first need (a gift card redeemed before any subscription). */
async function customerFor(caller: UserCaller, stripe: Stripe): Promise<string> {
  const { user } = caller;
  const known = await knownCustomerId(caller);
  if (known) return known;
  // Stripe answers the same key with the same customer, so two redemptions at once make one customer.
  const customer = await callStripe(() => stripe.customers.create({ email: user.email, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` }));
  return customer.id;
}

const creditOf = (balance: number) => Math.max(0, -balance);

/**
 * Moves the card's whole balance onto the user's account as credit (Stripe: a negative customer
 * balance). The card row is claimed first, in one statement (redeemer, time, balance to zero, only
 * while unredeemed), so two redemptions cannot both win; then Stripe is credited under a key bound to
 * card and customer, so a retry never credits twice. A refused credit puts the card back. No
 * transaction stays open across the Stripe call: locally the fake Stripe writes to this database.
 */
export async function redeemGiftCard(caller: UserCaller, typedCode: string) {
  const { db, user } = caller;
  const code = normalizeGiftCardCode(typedCode);
  const [card] = code ? await db.select().from(giftCards).where(eq(giftCards.code, code)) : [];
  if (!card) throw new AppError("NOT_FOUND", "GIFT_CARD_NOT_FOUND", GIFT_CARD_MESSAGES.notFound);
  if (card.redeemedAt) throw new AppError("CONFLICT", "GIFT_CARD_REDEEMED", GIFT_CARD_MESSAGES.alreadyRedeemed);

  const { stripe } = billingClient(caller);
  const customerId = await customerFor(caller, stripe);
  const [claimed] = await db
    .update(giftCards)
    .set({ balanceCents: 0, redeemedByUserId: user.id, redeemedAt: new Date(), stripeCustomerId: customerId })
    .where(and(eq(giftCards.id, card.id), isNull(giftCards.redeemedAt), eq(giftCards.balanceCents, card.balanceCents)))
    .returning({ id: giftCards.id });
  if (!claimed) throw new AppError("CONFLICT", "GIFT_CARD_REDEEMED", GIFT_CARD_MESSAGES.alreadyRedeemed);

  let transaction: Stripe.CustomerBalanceTransaction;
  try {
    transaction = await callStripe(() =>
      stripe.customers.createBalanceTransaction(
        customerId,
        { amount: -card.balanceCents, currency: "usd", description: `Gift card ${card.code}`, metadata: { giftCardId: card.id } },
        { idempotencyKey: `gift-card-${card.id}-${customerId}` },
      ),
    );
  } catch (error) {
    await db.update(giftCards).set({ balanceCents: card.balanceCents, redeemedByUserId: null, redeemedAt: null, stripeCustomerId: null }).where(eq(giftCards.id, card.id));
    throw error;
  }
  await db.update(giftCards).set({ stripeBalanceTransactionId: transaction.id }).where(eq(giftCards.id, card.id));
  return { creditedCents: card.balanceCents, plan: card.plan, creditCents: creditOf(transaction.ending_balance) };
}

/** The account's credit as Stripe holds it (what the next invoices will draw first); 0 without a customer. */
export async function accountCredit(caller: UserCaller): Promise<{ creditCents: number }> {
  const customerId = await knownCustomerId(caller);
  if (!customerId) return { creditCents: 0 };
  const customer = await callStripe(() => billingClient(caller).stripe.customers.retrieve(customerId));
  return { creditCents: customer.deleted ? 0 : creditOf(customer.balance) };
}
