import { beforeEach, describe, expect, it } from "vitest";
import { readEarlyAccess, syncEarlyAccess, updateEarlyAccess } from "../../src/features/auth/earlyAccess";
import { EARLY_ACCESS_MS } from "../../src/domain/modes";

/** The browser's localStorage, as far as the record uses it (Node has none). */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const createdAt = new Date("2026-11-20T10:00:00Z");
const user = { id: "user-1", email: "ana@example.com", emailVerified: false, createdAt };

describe("early-access record", () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
  });

  it("gives an unconfirmed account 24 hours from its creation and records them", () => {
    const now = createdAt.getTime() + 1000;
    expect(syncEarlyAccess(user, now)).toBe(true);
    expect(readEarlyAccess(now)).toEqual({ userId: "user-1", email: "ana@example.com", expiresAt: createdAt.getTime() + EARLY_ACCESS_MS, emailConfirmed: false });
  });

  it("ends after 24 hours and removes the expired record", () => {
    syncEarlyAccess(user, createdAt.getTime());
    const later = createdAt.getTime() + EARLY_ACCESS_MS + 1;
    expect(syncEarlyAccess(user, later)).toBe(false);
    expect(readEarlyAccess(later)).toBeNull();
  });

  it("marks the record confirmed once the email is, and a confirmed email needs no early access", () => {
    const now = createdAt.getTime() + 1000;
    syncEarlyAccess(user, now);
    expect(syncEarlyAccess({ ...user, emailVerified: true }, now)).toBe(true);
    expect(readEarlyAccess(now)?.emailConfirmed).toBe(true);
    expect(syncEarlyAccess({ ...user, emailVerified: true }, createdAt.getTime() + 10 * EARLY_ACCESS_MS)).toBe(true);
  });

  it("keeps payment results from the checkout return", () => {
    syncEarlyAccess({ ...user, createdAt: new Date() });
    updateEarlyAccess({ paymentCompleted: true, stripeSessionId: "cs_test_1" });
    expect(readEarlyAccess()).toMatchObject({ paymentCompleted: true, stripeSessionId: "cs_test_1", emailConfirmed: false });
  });

  it("starts a new record for another user on the same device", () => {
    const now = createdAt.getTime() + 1000;
    syncEarlyAccess(user, now);
    syncEarlyAccess({ ...user, id: "user-2", email: "ben@example.com" }, now);
    expect(readEarlyAccess(now)).toMatchObject({ userId: "user-2", email: "ben@example.com" });
  });
});
