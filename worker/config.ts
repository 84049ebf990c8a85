import { isVapidSubject } from "../src/domain/push";
import type { Bindings } from "./env";

/**
 * Dev-only behaviour (the outbox and mailbox, the fake Stripe and its checkout, test hooks) needs
 * APP_ENV to say so explicitly. Anything else, a typo, another case or nothing at all, is
 * production: a missing variable must never open a door.
 */
export const isDevEnvironment = (env: Pick<Bindings, "APP_ENV">): boolean => env.APP_ENV === "development" || env.APP_ENV === "test";

/** Enough entropy for better-auth's signing key (its own minimum). */
const AUTH_SECRET_MIN_LENGTH = 32;

/**
 * The settings a production Worker cannot serve without, by name, so the log says exactly what to
 * set. Development and test get theirs from the local stack; production gets none of its defaults.
 */
export function missingSettings(env: Bindings): string[] {
  if (isDevEnvironment(env)) return [];
  const required: Array<keyof Bindings> = [
    "DATABASE_URL",
    "BETTER_AUTH_SECRET",
    "BETTER_AUTH_URL",
    "MAIL_API_URL",
    "MAIL_API_KEY",
    "MAIL_FROM",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_PRICE_BASIC",
    "STRIPE_PRICE_PREMIUM",
    "VAPID_PUBLIC_KEY",
    "VAPID_PRIVATE_KEY",
    "VAPID_SUBJECT",
  ];
  const missing: string[] = required.filter((name) => !env[name]);
  if (env.BETTER_AUTH_SECRET && env.BETTER_AUTH_SECRET.length < AUTH_SECRET_MIN_LENGTH) missing.push(`BETTER_AUTH_SECRET (at least ${AUTH_SECRET_MIN_LENGTH} characters)`);
  if (env.VAPID_SUBJECT && !isVapidSubject(env.VAPID_SUBJECT)) missing.push("VAPID_SUBJECT (a mailto: address or an https URL)");
  // The fake Stripe is a dev route: production never has it, so payments can only be real.
  if (env.PAYMENTS_MODE !== undefined && env.PAYMENTS_MODE !== "stripe") missing.push("PAYMENTS_MODE=stripe (local payments exist only in development and test)");
  return missing;
}
