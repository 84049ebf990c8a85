import { describe, expect, it } from "vitest";
import { ApiClient } from "../support/client";
import { baseUrl } from "../support/env";
import { confirmEmail, signUp } from "../support/families";
import { callProcedure, type CallOutcome } from "../support/raw-trpc";
import { PROCEDURE_RATE_LIMITS, PUBLIC_RATE_LIMITS } from "../../src/domain/rateLimits";

/**
 * Issue 18, item 10: every public or secret-taking procedure is rate-limited, per address and,
 * signed in, per account; IPv6 addresses count by their /64.
 */

type Rule = keyof typeof PROCEDURE_RATE_LIMITS;
type Caller = "visitor" | "signed-in" | "confirmed";

interface Case {
  path: string;
  type: "query" | "mutation";
  rule: Rule;
  caller: Caller;
  input: () => unknown;
}

const CASES: Case[] = [
  { path: "referrals.check", type: "query", rule: "referralCheck", caller: "visitor", input: () => ({ code: "nosuch01" }) },
  { path: "calendar.invitation.get", type: "query", rule: "rsvpToken", caller: "visitor", input: () => ({ token: crypto.randomUUID() }) },
  { path: "calendar.invitation.answer", type: "mutation", rule: "rsvpToken", caller: "visitor", input: () => ({ token: crypto.randomUUID(), status: "attending" }) },
  { path: "invitations.accept", type: "mutation", rule: "invitationToken", caller: "confirmed", input: () => ({ token: crypto.randomUUID() }) },
  { path: "invitations.joinByCode", type: "mutation", rule: "invitationToken", caller: "confirmed", input: () => ({ code: crypto.randomUUID() }) },
  // A malformed purchase counts too: the limit comes before the input is read.
  { path: "giftCards.createCheckout", type: "mutation", rule: "giftCardCheckout", caller: "visitor", input: () => ({}) },
  { path: "giftCards.purchase", type: "query", rule: "giftCardPurchase", caller: "visitor", input: () => ({ stripeSessionId: "cs_test_no_such_session" }) },
  { path: "giftCards.redeem", type: "mutation", rule: "giftCardRedeem", caller: "signed-in", input: () => ({ code: "NOPE-NOPE-NOPE-NOPE" }) },
  { path: "account.deletion.sendCode", type: "mutation", rule: "accountDeletionCode", caller: "signed-in", input: () => undefined },
  { path: "account.deletion.confirm", type: "mutation", rule: "accountDeletion", caller: "signed-in", input: () => ({ code: "000000", photos: "remove" }) },
];

async function callerFor(kind: Caller): Promise<ApiClient> {
  if (kind === "visitor") return new ApiClient(baseUrl());
  const { client, email } = await signUp("limited");
  if (kind === "confirmed") await confirmEmail(client, email);
  return client;
}

/** Calls one after another, as one person clicking or one script looping would. */
async function callTimes(client: ApiClient, c: Case, times: number): Promise<CallOutcome[]> {
  const outcomes: CallOutcome[] = [];
  for (let call = 0; call < times; call++) outcomes.push(await callProcedure(client, c.path, c.type, c.input()));
  return outcomes;
}

const limited = (outcome: CallOutcome) => outcome.code === "TOO_MANY_REQUESTS";

describe("public and secret-taking procedures are rate-limited", () => {
  it.each(CASES)("$path answers TOO_MANY_REQUESTS after $rule's limit from one address", async (c) => {
    const { max } = PROCEDURE_RATE_LIMITS[c.rule];
    const client = await callerFor(c.caller);
    const allowed = await callTimes(client, c, max);
    expect(allowed.filter(limited)).toEqual([]);
    expect(await callProcedure(client, c.path, c.type, c.input())).toMatchObject({ ok: false, code: "TOO_MANY_REQUESTS", appCode: "RATE_LIMITED" });
  });

  it("counts a signed-in caller's account across addresses (gift card redemption)", async () => {
    const c = CASES.find((entry) => entry.path === "giftCards.redeem")!;
    const { client: first, email, password } = await signUp("redeemer");
    const second = new ApiClient(baseUrl());
    expect((await second.signIn(email, password)).status).toBe(200);
    expect((await callTimes(first, c, PROCEDURE_RATE_LIMITS.giftCardRedeem.max)).filter(limited)).toEqual([]);
    expect(await callProcedure(second, c.path, c.type, c.input())).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});

describe("IPv6 addresses", () => {
  const block = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

  it("two addresses in one /64 share a limit; another /64 has its own", async () => {
    const network = block();
    const c = CASES.find((entry) => entry.path === "referrals.check")!;
    const first = new ApiClient(baseUrl(), `${network}::1`);
    expect((await callTimes(first, c, PROCEDURE_RATE_LIMITS.referralCheck.max)).filter(limited)).toEqual([]);
    const neighbour = new ApiClient(baseUrl(), `${network}:ffff:1234:5678:9abc`);
    expect(await callProcedure(neighbour, c.path, c.type, c.input())).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(limited(await callProcedure(new ApiClient(baseUrl(), `${block()}::1`), c.path, c.type, c.input()))).toBe(false);
  });

  it("the public forms count an IPv6 /64 as one address too", async () => {
    const network = block();
    const post = (ip: string) =>
      new ApiClient(baseUrl(), ip).postJson("/api/newsletter/subscribe", { email: `v6.${Date.now()}.${Math.random()}@example.test`, firstName: "Vee" });
    for (let call = 0; call < PUBLIC_RATE_LIMITS.newsletter.max; call++) expect((await post(`${network}::${(call + 1).toString(16)}`)).status).not.toBe(429);
    expect((await post(`${network}::beef`)).status).toBe(429);
  });
});
