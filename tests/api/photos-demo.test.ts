import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoMember, type DemoMember } from "../../scripts/demo-family";
import { DEMO_PHOTOS } from "../../scripts/demo-photos";
import { seedDemoPhotos } from "../../scripts/seed-photos";
import { canSeeItem, DEFAULT_PHOTO_PRIVACY_LEVEL } from "../../src/domain/audience";
import { photos } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { baseUrl, openTestDb, signedInAs } from "../support/env";

const { db, close } = openTestDb();
const titles = DEMO_PHOTOS.map((p) => p.title);
let pregnancyId: string;
let olivia: ApiClient;

beforeAll(async () => {
  olivia = await signedInAs("olivia");
  pregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
});

afterAll(() => close());

/** Every photo the member sees, all pages. */
async function album(client: ApiClient) {
  const items = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ApiClient["trpc"]["photos"]["list"]["query"]>> = await client.trpc.photos.list.query({ pregnancyId, cursor });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items.filter((p) => titles.includes(p.title ?? ""));
}

describe("the demo album", () => {
  it("has its dozen photos, each stored in R2 with a thumbnail, likes, comments and guest tags", async () => {
    const seen = await album(olivia);
    expect(seen.map((p) => p.title).sort()).toEqual([...titles].sort());
    // Newest first: the seed uploads oldest first.
    expect(seen.map((p) => p.week)).toEqual([...DEMO_PHOTOS].reverse().map((p) => p.week));
    for (const photo of DEMO_PHOTOS) {
      const view = seen.find((p) => p.title === photo.title)!;
      expect(view, photo.title).toMatchObject({
        week: photo.week,
        tags: photo.tags,
        likesCount: photo.likes?.length ?? 0,
        commentsCount: photo.comments?.length ?? 0,
        uploader: { firstName: demoMember(photo.uploadedBy).firstName },
      });
      expect(view.guestTags.map((t) => t.firstName).sort(), photo.title).toEqual((photo.guestTags ?? []).map((key) => demoMember(key).firstName).sort());
      expect(view.thumbnailUrl).not.toBe(view.url);
    }
    for (const view of seen) {
      const [full, thumbnail] = await Promise.all([olivia.fetch(view.url), olivia.fetch(view.thumbnailUrl!)]);
      expect(full.status).toBe(200);
      expect(thumbnail.status).toBe(200);
      // The browser-made thumbnail is its own, smaller picture (the seed makes JPEGs 320 wide).
      expect(thumbnail.headers.get("content-type")).toBe("image/jpeg");
      const [fullBytes, thumbnailBytes] = await Promise.all([full.arrayBuffer(), thumbnail.arrayBuffer()]);
      expect(Buffer.from(thumbnailBytes).equals(Buffer.from(fullBytes))).toBe(false);
      // The phone's position never reached storage.
      expect(Buffer.from(fullBytes).includes(Buffer.from("GPS"))).toBe(false);
    }
  });

  it("shows each member exactly the demo photos their circle allows", async () => {
    for (const key of ["noah", "grandma", "maya", "sam"] as const) {
      const member = demoMember(key);
      const viewer = { role: member.role, privacyLevel: member.privacyLevel ?? null };
      const expected = DEMO_PHOTOS.filter((p) => p.uploadedBy === key || canSeeItem(viewer, p.privacyLevel ?? DEFAULT_PHOTO_PRIVACY_LEVEL, p.audienceGroups)).map((p) => p.title);
      const seen = await album(await signedInAs(key as DemoMember["key"]));
      expect(seen.map((p) => p.title).sort(), key).toEqual(expected.sort());
    }
  });

  it("is seeded once: a second run finds it and adds nothing", async () => {
    const rows = () => db.select({ id: photos.id }).from(photos).where(and(eq(photos.pregnancyId, pregnancyId), inArray(photos.title, titles)));
    const before = (await rows()).length;
    expect(await seedDemoPhotos(baseUrl(), db)).toEqual({ seeded: false });
    expect((await rows()).length).toBe(before);
  });
});
