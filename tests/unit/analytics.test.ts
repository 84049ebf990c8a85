import { afterEach, describe, expect, it, vi } from "vitest";
import { CONVERSION_EVENTS, conversionEventSchema, conversionValue, storedProperties } from "../../src/domain/analytics";
import { ANALYTICS_ENDPOINT, track } from "../../src/lib/analytics";

const check = (input: unknown) => conversionEventSchema.safeParse(input);

describe("conversion events", () => {
  it("are the six of the spec", () => {
    expect(CONVERSION_EVENTS).toEqual(["signup_complete", "onboarding_complete", "payment_initiated", "email_verified", "calculator_used", "cta_clicked"]);
  });

  it("value premium at 15.99 and everything else at 9.99", () => {
    expect(conversionValue("premium")).toBe(15.99);
    expect(conversionValue("basic")).toBe(9.99);
  });

  it("store value and currency with the plan events only", () => {
    const payment = check({ name: "payment_initiated", properties: { plan: "premium" } });
    expect(payment.success && storedProperties(payment.data)).toEqual({ plan: "premium", value: 15.99, currency: "USD" });
    const onboarding = check({ name: "onboarding_complete", properties: { plan: "basic", page: "/onboarding-parent" } });
    expect(onboarding.success && storedProperties(onboarding.data)).toEqual({ plan: "basic", page: "/onboarding-parent", value: 9.99, currency: "USD" });
    const cta = check({ name: "cta_clicked", properties: { cta: "  Try It Free ", to: "/signup", page: "/" } });
    expect(cta.success && storedProperties(cta.data)).toEqual({ cta: "Try It Free", to: "/signup", page: "/" });
  });

  it("accept only known names with their own small, bounded properties", () => {
    expect(check({ name: "email_verified", properties: {} }).success).toBe(true);
    expect(check({ name: "calculator_used", properties: { weeksPregnant: 42 } }).success).toBe(true);
    for (const input of [
      { name: "purchase", properties: {} },
      { name: "email_verified" },
      { name: "email_verified", properties: { email: "someone@example.com" } },
      { name: "payment_initiated", properties: {} },
      { name: "payment_initiated", properties: { plan: "gold" } },
      { name: "payment_initiated", properties: { plan: "basic", currency: "EUR" } },
      { name: "calculator_used", properties: { weeksPregnant: 43 } },
      { name: "calculator_used", properties: { weeksPregnant: 1.5 } },
      { name: "cta_clicked", properties: { cta: "" } },
      { name: "cta_clicked", properties: { cta: "x".repeat(101) } },
      { name: "cta_clicked", properties: { cta: "Go", to: "//elsewhere.example" } },
      { name: "cta_clicked", properties: { cta: "Go", page: "/pricing?email=someone@example.com" } },
      { name: "signup_complete", properties: { page: `/${"a".repeat(300)}` } },
    ]) {
      expect(check(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});

describe("track", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("posts the event as JSON to our own endpoint with the session cookie, surviving navigation", () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal("fetch", fetchMock);
    track("cta_clicked", { cta: "Get Started Now", to: "/signup", page: "/" });
    expect(fetchMock).toHaveBeenCalledWith(ANALYTICS_ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "cta_clicked", properties: { cta: "Get Started Now", to: "/signup", page: "/" } }),
      credentials: "same-origin",
      keepalive: true,
    });
  });

  it("swallows a failed request", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("offline")));
    track("email_verified", {});
    // Rejections nobody handles are reported once the current task ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
