import { describe, expect, it } from "vitest";
import { browserLabel, invitationRefusal } from "../../src/domain/invitationClaims";

const now = new Date("2026-11-28T12:00:00Z");
const open = { trackingStatus: "pending", expiresAt: new Date("2026-12-01T00:00:00Z"), invitedEmail: "helen@example.com", participantStatus: "invited" };

describe("why an invitation cannot be taken", () => {
  it("takes an open invitation sent to this address, whatever its case", () => {
    expect(invitationRefusal(open, "Helen@Example.com", now)).toBeNull();
    expect(invitationRefusal({ ...open, expiresAt: null }, "helen@example.com", now)).toBeNull();
  });

  it("names each reason", () => {
    expect(invitationRefusal(undefined, "helen@example.com", now)).toBe("INVITATION_NOT_FOUND");
    expect(invitationRefusal({ ...open, trackingStatus: "accepted" }, "helen@example.com", now)).toBe("INVITATION_USED");
    expect(invitationRefusal({ ...open, participantStatus: "active" }, "helen@example.com", now)).toBe("INVITATION_USED");
    expect(invitationRefusal({ ...open, trackingStatus: "expired" }, "helen@example.com", now)).toBe("INVITATION_EXPIRED");
    expect(invitationRefusal({ ...open, expiresAt: now }, "helen@example.com", now)).toBe("INVITATION_EXPIRED");
    expect(invitationRefusal(open, "maya@example.com", now)).toBe("INVITATION_EMAIL_MISMATCH");
  });
});

describe("the browser an account was made in", () => {
  it("names the browser and the system", () => {
    expect(browserLabel("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36")).toBe("Chrome on Android");
    expect(browserLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1")).toBe("Safari on iOS");
    expect(browserLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0")).toBe("Edge on Windows");
    expect(browserLabel("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0")).toBe("Firefox on macOS");
  });

  it("says nothing it cannot tell", () => {
    expect(browserLabel(null)).toBeNull();
    expect(browserLabel("curl/8.5.0")).toBeNull();
  });
});
