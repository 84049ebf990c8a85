import { describe, expect, it } from "vitest";
import { carriesToken } from "../../src/domain/secretUrls";

const url = (path: string) => new URL(path, "https://babysteps.example");

describe("addresses that carry a secret", () => {
  it.each(["/rsvp/abc123", "/reset-password?token=x", "/reset-password", "/verify?type=signup&token=x", "/auth/callback?token=x", "/guest-signup?code=ABC", "/invited-partner?token=x", "/api/calendar/feedtoken.ics", "/api/auth/reset-password/tok", "/dashboard?code=123456"])("%s does", (path) => {
    expect(carriesToken(url(path))).toBe(true);
  });

  it.each(["/", "/dashboard", "/calendar", "/photos", "/rsvpx", "/verifying", "/api/health", "/pricing?plan=basic"])("%s does not", (path) => {
    expect(carriesToken(url(path))).toBe(false);
  });
});
