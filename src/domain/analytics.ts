/**
 * Conversion events (onboarding spec 7): the six events the spec pushes to a tag manager, here
 * recorded in our own database through one interface and no third-party script. Each event's
 * properties are small, closed and bounded, so a page cannot store arbitrary data; the value and
 * currency of the plan events are added from the plan, never taken from the page.
 */
import { z } from "zod";
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from "./enums";
import { FULL_TERM_MAX_WEEKS } from "./dates";
import { PLANS } from "./billing";

/** Ours: a call-to-action label or a page path carried by a conversion event. */
export const ANALYTICS_LABEL_MAX_LENGTH = 100;

export const ANALYTICS_PATH_MAX_LENGTH = 300;

export const CONVERSION_EVENTS = ["signup_complete", "onboarding_complete", "payment_initiated", "email_verified", "calculator_used", "cta_clicked"] as const;
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

export const CONVERSION_CURRENCY = "USD";

/** Value 15.99 for premium, else 9.99 (the plan's monthly price in dollars). */
export const conversionValue = (plan: SubscriptionTier): number => (plan === "premium" ? PLANS.premium.priceDollars : PLANS.basic.priceDollars);

/** A same-site path such as '/pricing' (no scheme or host, so no full URLs with their queries). */
const path = z
  .string()
  .max(ANALYTICS_PATH_MAX_LENGTH)
  .regex(/^\/(?!\/)[^\s?#]*$/);

/** Every event may say on which page it happened. */
const event = <Name extends ConversionEvent, Shape extends z.ZodRawShape>(name: Name, shape: Shape) =>
  z.strictObject({ name: z.literal(name), properties: z.strictObject({ page: path.optional(), ...shape }) });

const planEvent = { plan: z.enum(SUBSCRIPTION_TIERS) };

export const conversionEventSchema = z.discriminatedUnion("name", [
  event("signup_complete", {}),
  event("onboarding_complete", planEvent),
  event("payment_initiated", planEvent),
  event("email_verified", {}),
  event("calculator_used", { weeksPregnant: z.int().min(0).max(FULL_TERM_MAX_WEEKS) }),
  event("cta_clicked", { cta: z.string().trim().min(1).max(ANALYTICS_LABEL_MAX_LENGTH), to: path.optional() }),
]);

/** What a page sends: `track(name, properties)`. */
export type ConversionEventInput = z.input<typeof conversionEventSchema>;
export type ConversionProperties<Name extends ConversionEvent> = Extract<ConversionEventInput, { name: Name }>["properties"];
export type CheckedConversionEvent = z.output<typeof conversionEventSchema>;

/** The properties stored with an event: the plan events also carry their value and currency. */
export function storedProperties(checked: CheckedConversionEvent): Record<string, unknown> {
  if (checked.name === "onboarding_complete" || checked.name === "payment_initiated") {
    return { ...checked.properties, value: conversionValue(checked.properties.plan), currency: CONVERSION_CURRENCY };
  }
  return checked.properties;
}
