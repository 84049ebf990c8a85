import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_POSTS, demoMember, type DemoMember } from "../../scripts/demo-family";
import { seedDemoFamily } from "../../scripts/seed";
import { canSeeItem } from "../../src/domain/audience";
import { sanitizePostContent } from "../../src/domain/richText";
import { postComments, postLikes, posts } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { openTestDb, signedInAs } from "../support/env";
import { MS_PER_DAY } from "../../src/domain/units";

const { db, close } = openTestDb();
const postIds = DEMO_POSTS.map((p) => p.id);
/** Newest first, as the feed lists them. */
const newestFirst = [...DEMO_POSTS].reverse();
const viewerOf = (key: DemoMember["key"]) => {
  const member = demoMember(key);
  return { role: member.role, privacyLevel: member.privacyLevel ?? null };
};
let pregnancyId: string;

beforeAll(async () => {
  const olivia = await signedInAs("olivia");
  pregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
});

afterAll(() => close());

/** The demo posts in the member's feed, all pages, newest first. */
async function demoFeed(client: ApiClient) {
  const seen = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ApiClient["trpc"]["posts"]["list"]["query"]>> = await client.trpc.posts.list.query({ pregnancyId, cursor });
    seen.push(...page.posts);
    cursor = page.nextCursor;
  } while (cursor);
  return seen.filter((p) => postIds.includes(p.id));
}

describe("the demo family's posts", () => {
  it("reach each member by the circle the parents chose: Sam only the friends' post, Grandma the immediate-family ones too", async () => {
    const friendsPost = DEMO_POSTS.find((p) => p.privacyLevel === "friends")!;
    const immediateFamily = DEMO_POSTS.filter((p) => p.privacyLevel === "immediate-family").map((p) => p.id);
    expect(immediateFamily.length).toBeGreaterThan(1);

    const feeds = new Map<DemoMember["key"], string[]>();
    for (const key of ["olivia", "noah", "grandma", "maya", "sam"] as const) feeds.set(key, (await demoFeed(await signedInAs(key))).map((p) => p.id));
    expect(feeds.get("sam")).toEqual([friendsPost.id]);
    expect(feeds.get("grandma")).toEqual(expect.arrayContaining(immediateFamily));
    for (const [key, ids] of feeds) {
      expect(ids, key).toEqual(newestFirst.filter((p) => canSeeItem(viewerOf(key), p.privacyLevel)).map((p) => p.id));
    }
  });

  it("are warm updates by both parents over the last weeks: formatting, mood, location, likes, comments and one reply", async () => {
    const feed = await demoFeed(await signedInAs("olivia"));
    expect(new Set(feed.map((p) => p.author.firstName))).toEqual(new Set(["Olivia", "Noah"]));
    for (const demo of DEMO_POSTS) {
      const post = feed.find((p) => p.id === demo.id)!;
      // The demo text is already what the server would store: its formatting survives sanitising whole.
      expect(post.content).toBe(demo.content);
      expect(sanitizePostContent(demo.content)).toBe(demo.content);
      expect(post).toMatchObject({
        author: { firstName: demoMember(demo.author).firstName },
        mood: demo.mood ?? null,
        location: demo.location ?? null,
        privacyLevel: demo.privacyLevel,
        likeCount: demo.likes.length,
        likedByMe: demo.likes.includes("olivia"),
        commentCount: demo.comments.reduce((sum, c) => sum + 1 + (c.replies?.length ?? 0), 0),
      });
      // Never edited, and about as old as the demo says.
      expect(post.updatedAt.getTime()).toBe(post.createdAt.getTime());
      expect(Math.round((Date.now() - post.createdAt.getTime()) / MS_PER_DAY)).toBeGreaterThanOrEqual(demo.daysAgo - 1);
      expect(post.comments.map((c) => c.id)).toEqual(demo.comments.map((c) => c.id));
      expect(post.comments.flatMap((c) => c.replies.map((r) => r.id))).toEqual(demo.comments.flatMap((c) => (c.replies ?? []).map((r) => r.id)));
      // Everyone who liked or commented may see the post.
      const people = [...demo.likes, ...demo.comments.flatMap((c) => [c.by, ...(c.replies ?? []).map((r) => r.by)])];
      for (const key of people) expect(canSeeItem(viewerOf(key), demo.privacyLevel), `${key} on ${demo.id}`).toBe(true);
    }
    expect(feed.flatMap((p) => p.comments.flatMap((c) => c.replies))).toHaveLength(1);
    expect(feed.some((p) => /<(ul|ol)>/.test(p.content))).toBe(true);
  });

  it("seeding again adds nothing", async () => {
    const rows = async () => {
      const [[postRows], [likes], [comments]] = await Promise.all([
        db.select({ n: count() }).from(posts).where(inArray(posts.id, postIds)),
        db.select({ n: count() }).from(postLikes).where(inArray(postLikes.postId, postIds)),
        db.select({ n: count() }).from(postComments).where(inArray(postComments.postId, postIds)),
      ]);
      return { posts: postRows?.n, likes: likes?.n, comments: comments?.n };
    };
    const before = await rows();
    expect(before).toEqual({
      posts: DEMO_POSTS.length,
      likes: DEMO_POSTS.reduce((sum, p) => sum + p.likes.length, 0),
      comments: DEMO_POSTS.reduce((sum, p) => sum + p.comments.reduce((n, c) => n + 1 + (c.replies?.length ?? 0), 0), 0),
    });
    expect(await seedDemoFamily(db)).toEqual({ seeded: false });
    expect(await rows()).toEqual(before);
  });
});
