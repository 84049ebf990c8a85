import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "../../src/domain/dates";
import { GUEST_PRIVACY_LEVELS, ITEM_PRIVACY_LEVELS, PERMISSION_FLAGS } from "../../src/domain/enums";
import { calendarEvents, photos, pregnancyParticipants } from "../../worker/db/schema";
import { openTestDb } from "../support/env";
import { createMatrixFamily, type MatrixFamily } from "../support/matrix-family";
import { signUp } from "../support/families";
import type { ApiClient } from "../support/client";

let family: MatrixFamily;
/** One guest per privacy level, with events allowed. */
const guests = new Map<string, ApiClient>();

beforeAll(async () => {
  family = await createMatrixFamily();
  const { db, close } = openTestDb();
  try {
    const ownerId = (await family.owner.trpc.account.me.query())!.id;
    for (const level of GUEST_PRIVACY_LEVELS) {
      const guest = await signUp(`dash-${level}`);
      guests.set(level, guest.client);
      await db.insert(pregnancyParticipants).values({
        pregnancyId: family.pregnancyId,
        userId: guest.userId,
        role: "guest",
        status: "active",
        privacyLevel: level,
        permissions: Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, f === "canViewCalendarEvents"])),
      });
    }
    // One event and one photo at every item level, titled by their level (posts have their own test: posts.test.ts).
    await db.insert(calendarEvents).values(
      ITEM_PRIVACY_LEVELS.map((level, i) => ({ pregnancyId: family.pregnancyId, title: level, date: addDays(todayIso(), i + 1), category: "family" as const, privacyLevel: level })),
    );
    await db.insert(calendarEvents).values({ pregnancyId: family.pregnancyId, title: "past", date: addDays(todayIso(), -3), category: "family", privacyLevel: "acquaintances" });
    await db.insert(photos).values(
      ITEM_PRIVACY_LEVELS.map((level) => ({
        pregnancyId: family.pregnancyId,
        uploadedBy: ownerId,
        title: level,
        fileUrl: `/api/photos/${family.pregnancyId}/files/x.png`,
        storagePath: `pregnancies/${family.pregnancyId}/photos/x.png`,
        fileSize: 68,
        mimeType: "image/png",
        privacyLevel: level,
      })),
    );
  } finally {
    await close();
  }
});

describe("dashboard.summary", () => {
  it("shows parents everything upcoming and the newest photos", async () => {
    const summary = await family.owner.trpc.dashboard.summary.query({ pregnancyId: family.pregnancyId });
    expect(summary.upcomingEvents.map((e) => e.title)).toEqual(ITEM_PRIVACY_LEVELS.slice(0, 5));
    expect(summary.latestPhotos).toHaveLength(6);
  });

  it("shows each guest only items at their level or further out, never parents-only", async () => {
    for (const [index, level] of GUEST_PRIVACY_LEVELS.entries()) {
      const visible = GUEST_PRIVACY_LEVELS.slice(index);
      const summary = await guests.get(level)!.trpc.dashboard.summary.query({ pregnancyId: family.pregnancyId });
      expect(summary.upcomingEvents.map((e) => e.title).sort(), level).toEqual([...visible].sort());
      expect(summary.latestPhotos.map((p) => p.title).sort(), level).toEqual([...visible].sort());
    }
  });

  it("shows no events to a guest without canViewCalendarEvents", async () => {
    const summary = await family.guest.trpc.dashboard.summary.query({ pregnancyId: family.pregnancyId });
    expect(summary.upcomingEvents).toEqual([]);
    expect(summary.latestPhotos.map((p) => p.title)).toEqual(["acquaintances"]);
  });
});
