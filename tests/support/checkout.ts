/** Paying through the local fake Stripe from API tests, the way the wizard's checkout does. */
import { expect } from "vitest";
import type { ApiClient } from "./client";
import { signUp } from "./families";

const SUCCESS_PATH = "/onboarding-parent?session_id={CHECKOUT_SESSION_ID}";
export const CANCEL_PATH = "/onboarding?step=payment&payment=cancelled";
const onboardingData = { firstName: "Wren", lastName: "Billing", email: "wren@example.test", includePartner: false, dueDate: "2027-03-01", gender: "surprise" as const };

export const sessionIdOf = (url: string) => new URL(url).pathname.split("/").at(-1) ?? "";

export async function startPreauthCheckout(client: ApiClient, input: { plan?: "basic" | "premium"; photoUpgrade?: boolean; referralCode?: string } = {}) {
  const { url } = await client.trpc.billing.createPreauthCheckout.mutate({ plan: "basic", ...input, successUrl: SUCCESS_PATH, cancelUrl: CANCEL_PATH, onboardingData });
  return { url, sessionId: sessionIdOf(url) };
}

/** Presses 'Pay' on the dev checkout page: the same form POST the page sends. */
export async function pay(client: ApiClient, sessionId: string): Promise<Response> {
  return client.fetch(`/dev/checkout/${sessionId}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
}

/** A new account that has paid: the webhook has stored a trialing subscription not yet tied to a pregnancy. */
export async function subscribedUser(label: string, input: Parameters<typeof startPreauthCheckout>[1] = {}) {
  const user = await signUp(label);
  const { sessionId } = await startPreauthCheckout(user.client, input);
  const response = await pay(user.client, sessionId);
  expect(response.status).toBe(303);
  return { ...user, sessionId };
}
