/**
 * Gift card rules (onboarding spec 1 and 3): a card buys whole months of Basic or Premium, carries a
 * unique code and a balance in US dollars, never expires, costs no fees and is not refundable. Its
 * balance becomes account credit, drawn first on invoices; what is left stays on the account.
 */
import { z } from "zod";
import { GIFT_CARD_PLANS, type GiftCardPlan, type SubscriptionTier } from "./enums";
import { NAME_MAX_LENGTH } from "./textLimits";
import { PLANS, formatPrice } from "./billing";

/** A gift card buys whole months of a plan; its value is the plan's monthly price times the months. */
export const GIFT_CARD_MONTH_OPTIONS = [1, 3, 6, 12] as const;

/** Codes read as 4 groups of 4 ('ABCD-EFGH-JKMN-PQRS'): 16 symbols of 5 bits, 80 random bits. */
export const GIFT_CARD_CODE_GROUPS = 4;

export const GIFT_CARD_CODE_GROUP_LENGTH = 4;

/**
 * 32 symbols that cannot be mistaken for one another when read aloud or typed: no 0/O and no 1/I.
 * 32 divides 256, so a random byte picks a symbol without bias.
 */
export const GIFT_CARD_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Ours: a gift message travels in Stripe's metadata, whose values hold at most 500 characters. */
export const GIFT_CARD_MESSAGE_MAX_LENGTH = 500;

/** Gift cards (onboarding spec 1 and 2). The spec has no words for these, so the wording is ours. */
export const GIFT_CARD_MESSAGES = {
  notFound: "Gift card not found. Check the code and try again.",
  alreadyRedeemed: "This gift card has already been redeemed.",
  redeemed: "Gift card redeemed",
  redeemFailed: "Could not redeem gift card",
  purchased: "Thank you! Your gift card is ready",
  preparing: "Payment received. Your gift card code is on its way...",
  sessionNotFound: "We could not find this gift card purchase.",
} as const;

/** The spec's 'Base' plan is the Basic subscription. */
export const GIFT_CARD_PLAN_TIER: Readonly<Record<GiftCardPlan, SubscriptionTier>> = { base: "basic", premium: "premium" };

export type GiftCardMonths = (typeof GIFT_CARD_MONTH_OPTIONS)[number];

/** What a card of `months` months of the plan costs and holds, in cents. */
export function giftCardValueCents(plan: GiftCardPlan, months: GiftCardMonths): number {
  return PLANS[GIFT_CARD_PLAN_TIER[plan]].priceCents * months;
}

const monthsText = (months: number) => `${months} ${months === 1 ? "month" : "months"}`;

/** 'Basic, 3 months ($29.97)': the card as the purchase form, checkout and mail name it. */
export function giftCardDescription(plan: GiftCardPlan, months: GiftCardMonths): string {
  return `${PLANS[GIFT_CARD_PLAN_TIER[plan]].name}, ${monthsText(months)} (${formatPrice(giftCardValueCents(plan, months))})`;
}

const CODE_LENGTH = GIFT_CARD_CODE_GROUPS * GIFT_CARD_CODE_GROUP_LENGTH;
const groups = (symbols: string) => symbols.match(new RegExp(`.{${GIFT_CARD_CODE_GROUP_LENGTH}}`, "g"))?.join("-") ?? symbols;

/**
 * A new code from a cryptographic source: each random byte picks one of 32 symbols (the alphabet's
 * size divides 256, so no symbol is likelier than another).
 */
export function generateGiftCardCode(randomBytes: (length: number) => Uint8Array = (length) => crypto.getRandomValues(new Uint8Array(length))): string {
  const symbols = [...randomBytes(CODE_LENGTH)].map((byte) => GIFT_CARD_CODE_ALPHABET[byte % GIFT_CARD_CODE_ALPHABET.length]).join("");
  return groups(symbols);
}

/**
 * The stored form of a typed code: case, spaces and dashes do not matter ('abcd efgh-jkmn pqrs' is
 * 'ABCD-EFGH-JKMN-PQRS'). Null when it cannot be a code at all (wrong length, a symbol codes never use).
 */
export function normalizeGiftCardCode(input: string): string | null {
  const symbols = input.toUpperCase().replace(/[\s-]/g, "");
  if (symbols.length !== CODE_LENGTH || [...symbols].some((symbol) => !GIFT_CARD_CODE_ALPHABET.includes(symbol))) return null;
  return groups(symbols);
}

/** Ours: an email address is at most 254 characters (RFC 5321). */
const EMAIL_MAX_LENGTH = 254;
/** Ours: typed codes are short; anything longer is refused before it is read. */
export const GIFT_CARD_CODE_INPUT_MAX = 64;

/** The purchase form, checked the same way in the browser and on the server. */
export const giftCardPurchaseSchema = z.object({
  planType: z.enum(GIFT_CARD_PLANS),
  months: z.literal(GIFT_CARD_MONTH_OPTIONS),
  purchaserEmail: z.email("Please enter a valid email address").max(EMAIL_MAX_LENGTH),
  recipientName: z.string().trim().max(NAME_MAX_LENGTH).optional(),
  message: z.string().trim().max(GIFT_CARD_MESSAGE_MAX_LENGTH).optional(),
});
export type GiftCardPurchase = z.infer<typeof giftCardPurchaseSchema>;

/** How an invoice meets the account's credit: what it draws, what is still due, and the credit left. */
export interface CreditDraw {
  appliedCents: number;
  amountDueCents: number;
  remainingCreditCents: number;
}

/** The credit is drawn first, up to the invoice's total; the rest stays on the account. */
export function drawCreditFirst(totalCents: number, creditCents: number): CreditDraw {
  const appliedCents = Math.max(0, Math.min(totalCents, creditCents));
  return { appliedCents, amountDueCents: totalCents - appliedCents, remainingCreditCents: creditCents - appliedCents };
}
