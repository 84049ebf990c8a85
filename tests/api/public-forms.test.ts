import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, contactMessages, newsletterSubscribers } from "../../worker/db/schema";
import { CONTACT_FORM_CONFIRMATION_SUBJECT } from "../../worker/services/contactForm";
import { NEWSLETTER_SUBJECTS } from "../../worker/services/newsletter";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { signUp, uniqueEmail } from "../support/families";
import { CONTACT_MESSAGES, NEWSLETTER_MESSAGES, PUBLIC_FORM_MESSAGES } from "../../src/domain/publicForms";
import { PUBLIC_RATE_LIMITS } from "../../src/domain/rateLimits";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

let testDb: ReturnType<typeof openTestDb>;
beforeAll(() => {
  testDb = openTestDb();
});
afterAll(async () => {
  await testDb.close();
});

/** Each visitor comes from its own address, so rate-limit buckets are theirs alone. */
const visitor = () => new ApiClient(baseUrl());
const mailsTo = async (email: string) => ((await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as OutboxMail[]).filter((mail) => mail.to === email);
const tokenIn = (mail: OutboxMail | undefined, page: "confirm" | "unsubscribe") => new RegExp(`/newsletter/${page}\\?token=([0-9a-f-]{36})`).exec(mail?.text ?? "")?.[1];

const contactForm = (email: string) => ({
  firstName: "Maya",
  lastName: "Ortiz",
  email,
  phone: "+1 (555) 010-2030",
  inquiryType: "billing",
  subject: "Gift card question",
  message: "Can a gift card pay for Premium? Mom<Dad <3",
});

describe("POST /api/contact", () => {
  it("stores the message, mails the sender a confirmation that repeats nothing typed, and answers ok", async () => {
    const email = uniqueEmail("contact");
    const response = await visitor().postJson("/api/contact", contactForm(email));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const [stored] = await testDb.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toMatchObject({
      firstName: "Maya",
      lastName: "Ortiz",
      phone: "+1 (555) 010-2030",
      inquiryType: "billing",
      subject: "Gift card question",
      message: "Can a gift card pay for Premium? Mom<Dad <3",
      userId: null,
    });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(CONTACT_FORM_CONFIRMATION_SUBJECT);
    expect(mail?.text).toContain("within 24 hours");
    expect(mail?.text).not.toContain("Premium");
    expect(mail?.text).not.toContain("Maya");
  });

  it("links the message to a signed-in sender and keeps the optional fields empty when left out", async () => {
    const { client, email, userId } = await signUp("contactuser");
    const response = await client.postJson("/api/contact", { firstName: "Test", lastName: "User", email, message: "Hello" });
    expect(response.status).toBe(200);
    const [stored] = await testDb.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toMatchObject({ userId, inquiryType: "general", phone: null, subject: null, message: "Hello" });
  });

  it("refuses missing required fields with 'Missing Information' for each, and a bad email or phone with their messages", async () => {
    const email = uniqueEmail("contactmissing");
    const missing = await visitor().postJson("/api/contact", { email: "", phone: "", subject: "Hi" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: "VALIDATION_FAILED",
      message: CONTACT_MESSAGES.missingInformation,
      fields: {
        firstName: CONTACT_MESSAGES.missingInformation,
        lastName: CONTACT_MESSAGES.missingInformation,
        email: CONTACT_MESSAGES.missingInformation,
        message: CONTACT_MESSAGES.missingInformation,
      },
    });
    const invalid = await visitor().postJson("/api/contact", { ...contactForm(email), email: "maya-at-example", phone: "call me", inquiryType: "spam" });
    expect(invalid.status).toBe(400);
    const { fields } = (await invalid.json()) as { fields: Record<string, string> };
    expect(fields).toMatchObject({ email: CONTACT_MESSAGES.invalidEmail, phone: CONTACT_MESSAGES.invalidPhone });
    expect(fields.inquiryType).toBeDefined();
    const blankMessage = await visitor().postJson("/api/contact", { ...contactForm(email), message: "   " });
    expect(((await blankMessage.json()) as { fields: Record<string, string> }).fields).toEqual({ message: CONTACT_MESSAGES.missingInformation });
    expect(await testDb.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("refuses a post from another site", async () => {
    const email = uniqueEmail("contactcsrf");
    const response = await fetch(`${baseUrl()}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://elsewhere.example" },
      body: JSON.stringify(contactForm(email)),
    });
    expect(response.status).toBe(403);
    expect(await testDb.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
  });
});

describe("newsletter double opt-in", () => {
  const subscriberRow = async (email: string) => (await testDb.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

  it("stores a pending subscriber lowercased, confirms through the mailed link once, and mails the checklist", async () => {
    const email = uniqueEmail("news");
    const response = await visitor().postJson("/api/newsletter/subscribe", { firstName: " Nora ", email: `  ${email.toUpperCase()} `, dueDate: "3/7/2027" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true });
    expect(await subscriberRow(email)).toMatchObject({ firstName: "Nora", dueDate: "2027-03-07", confirmedAt: null, unsubscribedAt: null });

    const [confirmation] = await mailsTo(email);
    expect(confirmation?.subject).toBe(NEWSLETTER_SUBJECTS.confirm);
    const token = tokenIn(confirmation, "confirm");
    expect(token).toBe((await subscriberRow(email))?.confirmToken);
    expect(tokenIn(confirmation, "unsubscribe")).toBe(token);
    expect(confirmation?.html).toContain(`/newsletter/unsubscribe?token=${token}`);

    const confirmed = await visitor().postJson("/api/newsletter/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ status: "confirmed" });
    const confirmedAt = (await subscriberRow(email))?.confirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);

    const [checklist] = await mailsTo(email);
    expect(checklist?.subject).toBe(NEWSLETTER_SUBJECTS.checklist);
    expect(checklist?.text).toContain("Hi Nora");
    // Due 03/07/2027: the LMP is 05/31/2026, and the first appointment's window opens in week 8.
    expect(checklist?.text).toContain("Weeks 8-10 (from 07/26/2026): First prenatal appointment.");
    expect(tokenIn(checklist, "unsubscribe")).toBe(token);

    const again = await visitor().postJson("/api/newsletter/confirm", { token });
    expect(await again.json()).toEqual({ status: "confirmed" });
    expect((await subscriberRow(email))?.confirmedAt).toEqual(confirmedAt);
    expect((await mailsTo(email)).filter((mail) => mail.subject === NEWSLETTER_SUBJECTS.checklist)).toHaveLength(1);
  });

  it("never duplicates an address and answers the same whether it is new, pending or subscribed", async () => {
    const email = uniqueEmail("newsrepeat");
    const answers: unknown[] = [];
    const subscribe = async (firstName: string, dueDate?: string) => {
      const response = await visitor().postJson("/api/newsletter/subscribe", { firstName, email, dueDate });
      answers.push({ status: response.status, body: await response.json() });
    };
    await subscribe("Ana", "12/01/2026");
    await subscribe("Anna");
    const pending = await subscriberRow(email);
    expect(pending).toMatchObject({ firstName: "Anna", dueDate: null, confirmedAt: null });
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([NEWSLETTER_SUBJECTS.confirm, NEWSLETTER_SUBJECTS.confirm]);
    expect(mails.map((mail) => tokenIn(mail, "confirm"))).toEqual([pending?.confirmToken, pending?.confirmToken]);

    await visitor().postJson("/api/newsletter/confirm", { token: pending?.confirmToken });
    await subscribe("Mallory");
    const active = await subscriberRow(email);
    expect(active).toMatchObject({ firstName: "Anna", confirmedAt: expect.any(Date) as Date });
    expect(await testDb.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([{ n: 1 }]);
    const [notice] = await mailsTo(email);
    expect(notice?.subject).toBe(NEWSLETTER_SUBJECTS.alreadySubscribed);
    expect(notice?.text).not.toContain("Mallory");
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify({ status: 202, body: { ok: true } })]));
  });

  it("unsubscribes through the link in every mail, idempotently, and a later signup starts over", async () => {
    const email = uniqueEmail("newsunsub");
    await visitor().postJson("/api/newsletter/subscribe", { firstName: "Lena", email });
    const token = tokenIn((await mailsTo(email))[0], "unsubscribe");
    const first = await visitor().postJson("/api/newsletter/unsubscribe", { token });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: "unsubscribed" });
    const unsubscribedAt = (await subscriberRow(email))?.unsubscribedAt;
    expect(unsubscribedAt).toBeInstanceOf(Date);
    await visitor().postJson("/api/newsletter/unsubscribe", { token });
    expect((await subscriberRow(email))?.unsubscribedAt).toEqual(unsubscribedAt);

    await visitor().postJson("/api/newsletter/subscribe", { firstName: "Lena", email });
    expect(await subscriberRow(email)).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
    expect((await mailsTo(email))[0]?.subject).toBe(NEWSLETTER_SUBJECTS.confirm);
  });

  it("answers 404 with the invalid-link message for an unknown or malformed token", async () => {
    for (const path of ["/api/newsletter/confirm", "/api/newsletter/unsubscribe"]) {
      for (const token of [crypto.randomUUID(), "not-a-token", undefined]) {
        const response = await visitor().postJson(path, { token });
        expect(response.status, `${path} ${token}`).toBe(404);
        expect(await response.json()).toEqual({ error: "INVALID_LINK", message: NEWSLETTER_MESSAGES.invalidLink });
      }
    }
  });

  it("refuses a bad due date and missing fields with their messages, storing and mailing nothing", async () => {
    const email = uniqueEmail("newsbad");
    for (const dueDate of ["02/30/2027", "2027-03-07", "13/01/2027", "3/7/27"]) {
      const response = await visitor().postJson("/api/newsletter/subscribe", { firstName: "Ida", email, dueDate });
      expect(response.status, dueDate).toBe(400);
      expect(((await response.json()) as { fields: Record<string, string> }).fields, dueDate).toEqual({ dueDate: NEWSLETTER_MESSAGES.invalidDueDate });
    }
    const missing = await visitor().postJson("/api/newsletter/subscribe", { firstName: "  ", email: "" });
    expect(((await missing.json()) as { fields: Record<string, string> }).fields).toEqual({
      firstName: NEWSLETTER_MESSAGES.firstNameRequired,
      email: NEWSLETTER_MESSAGES.emailRequired,
    });
    const invalid = await visitor().postJson("/api/newsletter/subscribe", { firstName: "Ida", email: "ida@" });
    expect(((await invalid.json()) as { fields: Record<string, string> }).fields).toEqual({ email: NEWSLETTER_MESSAGES.invalidEmail });
    expect(await subscriberRow(email)).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
  });
});

describe("POST /api/analytics", () => {
  /** A page path no other test uses, to find this test's events. */
  const uniquePage = () => `/test/${crypto.randomUUID()}`;
  const eventsOn = (page: string) => testDb.db.select().from(analyticsEvents).where(sql`${analyticsEvents.properties}->>'page' = ${page}`);

  it("stores a visitor's event without a user and a signed-in user's with their id", async () => {
    const page = uniquePage();
    const anonymous = await visitor().postJson("/api/analytics", { name: "calculator_used", properties: { page, weeksPregnant: 13 } });
    expect(anonymous.status).toBe(204);
    const { client, userId } = await signUp("analytics");
    expect((await client.postJson("/api/analytics", { name: "signup_complete", properties: { page } })).status).toBe(204);
    const events = await eventsOn(page);
    expect(events.map(({ name, userId: id, properties }) => ({ name, userId: id, properties }))).toEqual(
      expect.arrayContaining([
        { name: "calculator_used", userId: null, properties: { page, weeksPregnant: 13 } },
        { name: "signup_complete", userId, properties: { page } },
      ]),
    );
    expect(events).toHaveLength(2);
  });

  it("adds value and currency to the plan events from the plan, not from the page", async () => {
    const page = uniquePage();
    const client = visitor();
    expect((await client.postJson("/api/analytics", { name: "payment_initiated", properties: { page, plan: "premium" } })).status).toBe(204);
    expect((await client.postJson("/api/analytics", { name: "onboarding_complete", properties: { page, plan: "basic" } })).status).toBe(204);
    const forged = await client.postJson("/api/analytics", { name: "payment_initiated", properties: { page, plan: "basic", value: 1000 } });
    expect(forged.status).toBe(400);
    const stored = Object.fromEntries((await eventsOn(page)).map((event) => [event.name, event.properties]));
    expect(stored).toEqual({
      payment_initiated: { page, plan: "premium", value: 15.99, currency: "USD" },
      onboarding_complete: { page, plan: "basic", value: 9.99, currency: "USD" },
    });
  });

  it("refuses unknown event names, unknown properties and non-JSON bodies, storing nothing", async () => {
    const page = uniquePage();
    const client = visitor();
    for (const body of [
      { name: "page_view", properties: { page } },
      { name: "cta_clicked", properties: { page } },
      { name: "cta_clicked", properties: { page, cta: "Try It Free", email: "someone@example.com" } },
      { name: "cta_clicked", properties: { page, cta: "Try It Free", to: "https://elsewhere.example/" } },
      { name: "calculator_used", properties: { page, weeksPregnant: -1 } },
    ]) {
      const response = await client.postJson("/api/analytics", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toMatchObject({ error: "VALIDATION_FAILED" });
    }
    const notJson = await client.fetch("/api/analytics", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    expect(await eventsOn(page)).toEqual([]);
  });
});

describe("rate limits per client address", () => {
  /** Sends `max` requests (invalid ones count too), then expects the next to be refused and another address to pass. */
  async function expectLimited(path: string, max: number) {
    const client = visitor();
    for (let i = 0; i < max; i++) expect((await client.postJson(path, {})).status, `${path} request ${i + 1}`).toBe(400);
    const refused = await client.postJson(path, {});
    expect(refused.status, path).toBe(429);
    expect(await refused.json()).toEqual({ error: "TOO_MANY_REQUESTS", message: PUBLIC_FORM_MESSAGES.tooManyRequests });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await visitor().postJson(path, {})).status, path).toBe(400);
  }

  it("limits contact messages", () => expectLimited("/api/contact", PUBLIC_RATE_LIMITS.contact.max));
  it("limits newsletter signups", () => expectLimited("/api/newsletter/subscribe", PUBLIC_RATE_LIMITS.newsletter.max));
  it("limits analytics events", () => expectLimited("/api/analytics", PUBLIC_RATE_LIMITS.analytics.max));

  it("limits newsletter links on their own bucket", async () => {
    const client = visitor();
    for (let i = 0; i < PUBLIC_RATE_LIMITS.newsletterLink.max; i++) expect((await client.postJson("/api/newsletter/confirm", {})).status).toBe(404);
    expect((await client.postJson("/api/newsletter/unsubscribe", {})).status).toBe(429);
    const form = await client.postJson("/api/newsletter/subscribe", {});
    expect(form.status).toBe(400);
  });

  it("counts parallel requests exactly", async () => {
    const client = visitor();
    const statuses = await Promise.all(Array.from({ length: PUBLIC_RATE_LIMITS.contact.max + 3 }, () => client.postJson("/api/contact", {}).then((r) => r.status)));
    expect(statuses.filter((status) => status === 400)).toHaveLength(PUBLIC_RATE_LIMITS.contact.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });
});
