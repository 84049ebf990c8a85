import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RoomServerMessage } from "../../src/domain/pregnancyRoom";
import { PERMISSION_FLAGS, type GuestPrivacyLevel } from "../../src/domain/enums";
import { photos, postComments, postLikes, posts, pregnancyParticipants } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { createMatrixFamily, type MatrixFamily } from "../support/matrix-family";
import { connect, feedOf } from "../support/room";
import { DEFAULT_WEEK } from "../../src/domain/photos";
import { POST_PREVIEW_COMMENTS, POST_PREVIEW_REPLIES } from "../../src/domain/posts";

let family: MatrixFamily;
let pregnancyId: string;
/** Guests of the family at two privacy levels, every flag on (no flag grants posting). */
const guests = new Map<GuestPrivacyLevel, ApiClient>();

const newPost = (content: string, extra: Record<string, unknown> = {}) => ({ pregnancyId, id: crypto.randomUUID(), content, ...extra });
const feedOfViewer = async (client: ApiClient) => (await client.trpc.posts.list.query({ pregnancyId })).posts;
const isPostsSignal = (m: RoomServerMessage) => m.type === "event" && m.event.kind === "feed-changed" && m.event.area === "posts";

beforeAll(async () => {
  family = await createMatrixFamily();
  pregnancyId = family.pregnancyId;
  const { db, close } = openTestDb();
  try {
    for (const level of ["immediate-family", "friends"] as const) {
      const guest = await signUp(`posts-${level}`);
      guests.set(level, guest.client);
      await db.insert(pregnancyParticipants).values({
        pregnancyId,
        userId: guest.userId,
        role: "guest",
        status: "active",
        privacyLevel: level,
        permissions: Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, true])),
      });
    }
  } finally {
    await close();
  }
});

describe("posts: sanitising", () => {
  it("keeps basic formatting and https links in the content, strips its scripts, handlers and script links, and keeps the plain fields as typed", async () => {
    const content = [
      '<p><b>Big</b> <em>news</em><script>alert("x")</script><img src=x onerror="alert(1)"></p>',
      '<ul><li onclick="steal()">one</li></ul>',
      '<a href="javascript:alert(1)">bad link</a> <a href="https://example.com/scan" onmouseover="x()">scan</a>',
      '<div style="color:red">plain</div><iframe src="https://evil.test"></iframe>',
    ].join("");
    const post = await family.owner.trpc.posts.create.mutate(
      newPost(content, { mood: "excited <3", location: "St. Mary's ward (door=B)", link: " http://example.com/registry " }),
    );
    const expected =
      '<p><b>Big</b> <em>news</em></p><ul><li>one</li></ul>bad link <a href="https://example.com/scan" rel="noopener noreferrer nofollow" target="_blank">scan</a>plain';
    expect(post.content).toBe(expected);
    expect(post.mood).toBe("excited <3");
    expect(post.location).toBe("St. Mary's ward (door=B)");
    expect(post.linkUrl).toBe("https://example.com/registry");

    const listed = (await feedOfViewer(family.partner)).find((p) => p.id === post.id)!;
    expect(listed.content).toBe(expected);
    expect(listed.content).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|<img|<iframe|style=/i);
    expect(listed).toMatchObject({ mood: "excited <3", location: "St. Mary's ward (door=B)" });

    const comment = await guests.get("immediate-family")!.trpc.posts.comments.add.mutate({
      pregnancyId,
      postId: post.id,
      id: crypto.randomUUID(),
      content: "So happy for you! Mom<Dad but both great",
    });
    expect(comment.content).toBe("So happy for you! Mom<Dad but both great");
  });

  it("refuses a link that is not a web address, a post with no text or photo, and an empty comment", async () => {
    await expect(family.owner.trpc.posts.create.mutate(newPost("<p>Link</p>", { link: "javascript:alert(1)" }))).rejects.toMatchObject({ data: { code: "BAD_REQUEST", appCode: "VALIDATION_FAILED" } });
    await expect(family.owner.trpc.posts.create.mutate(newPost("<p><br></p><script>only()</script>"))).rejects.toMatchObject({ data: { appCode: "VALIDATION_FAILED" } });
    const post = await family.owner.trpc.posts.create.mutate(newPost("<p>Something</p>"));
    await expect(family.owner.trpc.posts.comments.add.mutate({ pregnancyId, postId: post.id, id: crypto.randomUUID(), content: " \t " })).rejects.toMatchObject({ data: { appCode: "VALIDATION_FAILED" } });
  });
});

describe("posts: who may write", () => {
  it("lets only the author edit or delete a post; its likes and comments go with it", async () => {
    const post = await family.owner.trpc.posts.create.mutate(newPost("<p>First scan today</p>", { mood: "excited", privacyLevel: "friends" }));
    const friend = guests.get("friends")!;
    for (const other of [family.partner, friend]) {
      await expect(other.trpc.posts.update.mutate({ pregnancyId, postId: post.id, content: "<p>Hijacked</p>" })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "NOT_AUTHOR" } });
      await expect(other.trpc.posts.delete.mutate({ pregnancyId, postId: post.id })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "NOT_AUTHOR" } });
    }
    // Another family's owner does not even reach the post.
    await expect(family.outsider.trpc.posts.delete.mutate({ pregnancyId, postId: post.id })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });

    const edited = await family.owner.trpc.posts.update.mutate({ pregnancyId, postId: post.id, content: "<p>First scan <strong>today</strong></p>", mood: "" });
    expect(edited.content).toBe("<p>First scan <strong>today</strong></p>");
    expect(edited.mood).toBeNull();
    // Fields left out stay as they were.
    expect(edited.privacyLevel).toBe("friends");
    expect(edited.updatedAt.getTime()).toBeGreaterThan(edited.createdAt.getTime());

    await friend.trpc.posts.likes.toggle.mutate({ pregnancyId, postId: post.id, liked: true });
    await friend.trpc.posts.comments.add.mutate({ pregnancyId, postId: post.id, id: crypto.randomUUID(), content: "Lovely" });
    expect(await family.owner.trpc.posts.delete.mutate({ pregnancyId, postId: post.id })).toEqual({ id: post.id });
    expect((await feedOfViewer(family.owner)).some((p) => p.id === post.id)).toBe(false);
    const { db, close } = openTestDb();
    try {
      expect(await db.select().from(postLikes).where(eq(postLikes.postId, post.id))).toEqual([]);
      expect(await db.select().from(postComments).where(eq(postComments.postId, post.id))).toEqual([]);
    } finally {
      await close();
    }
  });

  it("lets parents post and refuses guests, even one with every flag", async () => {
    expect((await family.partner.trpc.posts.create.mutate(newPost("<p>From the partner</p>"))).author.lastName).toBe("mxpartner");
    await expect(guests.get("immediate-family")!.trpc.posts.create.mutate(newPost("<p>From a guest</p>"))).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
  });

  it("creates once per client id, so a retried create does not post twice, and another author cannot take the id", async () => {
    const input = newPost("<p>Sent twice</p>");
    const first = await family.owner.trpc.posts.create.mutate(input);
    const again = await family.owner.trpc.posts.create.mutate(input);
    expect(again.id).toBe(first.id);
    expect((await feedOfViewer(family.owner)).filter((p) => p.id === input.id)).toHaveLength(1);
    await expect(family.partner.trpc.posts.create.mutate({ ...input, content: "<p>Mine now</p>" })).rejects.toMatchObject({ data: { code: "CONFLICT" } });
  });

  it("attaches photos of this pregnancy only", async () => {
    const other = await createOtherFamily();
    const ownerId = (await family.owner.trpc.account.me.query())!.id;
    const { db, close } = openTestDb();
    let ours: string;
    let theirs: string;
    try {
      const photo = (pid: string, uploadedBy: string) => ({
        pregnancyId: pid,
        uploadedBy,
        fileUrl: `/api/photos/${pid}/files/scan.png`,
        storagePath: `pregnancies/${pid}/photos/scan.png`,
        fileSize: 68,
        mimeType: "image/png",
      });
      [ours, theirs] = (await db.insert(photos).values([photo(pregnancyId, ownerId), photo(other.pregnancyId, other.ownerId)]).returning({ id: photos.id })).map((r) => r.id) as [string, string];
    } finally {
      await close();
    }
    const post = await family.owner.trpc.posts.create.mutate(newPost("", { photoIds: [ours] }));
    // Shown by signed picture links (no thumbnail was stored: the photo serves as its own).
    const pictureLink = expect.stringMatching(/^\/api\/pictures\/[\w-]+\.[\w-]+$/);
    expect(post.photos).toEqual([{ id: ours, url: pictureLink, thumbnailUrl: pictureLink, kind: "photo", durationMs: null, playsEverywhere: true, copiesPending: false, altText: null, title: null, week: DEFAULT_WEEK }]);
    expect(post.photos[0]?.thumbnailUrl).toBe(post.photos[0]?.url);
    await expect(family.owner.trpc.posts.create.mutate(newPost("<p>Not ours</p>", { photoIds: [theirs] }))).rejects.toMatchObject({ data: { appCode: "VALIDATION_FAILED" } });
  });

  it("shows each viewer only the attached photos still in the album that the photo's own audience lets them see", async () => {
    const ownerId = (await family.owner.trpc.account.me.query())!.id;
    // Stored as an upload stores them: served at the photo's own route, with a thumbnail beside it.
    const photo = (privacyLevel: "immediate-family" | "friends") => {
      const id = crypto.randomUUID();
      return {
        id,
        pregnancyId,
        uploadedBy: ownerId,
        fileUrl: `/api/photos/${pregnancyId}/${id}`,
        storagePath: `pregnancies/${pregnancyId}/photos/${id}.png`,
        thumbnailPath: `pregnancies/${pregnancyId}/photos/${id}-thumbnail.jpg`,
        fileSize: 68,
        mimeType: "image/png",
        altText: `Shared with ${privacyLevel}`,
        privacyLevel,
      };
    };
    const [closePhoto, widePhoto] = [photo("immediate-family"), photo("friends")];
    const { db, close } = openTestDb();
    try {
      await db.insert(photos).values([closePhoto, widePhoto]);
    } finally {
      await close();
    }
    const post = await family.owner.trpc.posts.create.mutate(newPost("<p>Two pictures</p>", { privacyLevel: "friends", photoIds: [closePhoto.id, widePhoto.id] }));
    const shown = async (client: ApiClient) => (await feedOfViewer(client)).find((p) => p.id === post.id)?.photos.map((p) => p.id);
    expect(post.photos.map((p) => p.altText)).toEqual(["Shared with immediate-family", "Shared with friends"]);
    expect(post.photos[1]?.thumbnailUrl).not.toBe(post.photos[1]?.url);
    expect(await shown(guests.get("immediate-family")!)).toEqual([closePhoto.id, widePhoto.id]);
    expect(await shown(guests.get("friends")!)).toEqual([widePhoto.id]);

    await family.owner.trpc.photos.delete.mutate({ pregnancyId, photoId: widePhoto.id });
    expect(await shown(guests.get("immediate-family")!)).toEqual([closePhoto.id]);
    expect(await shown(guests.get("friends")!)).toEqual([]);
  });
});

describe("posts: the audience rule", () => {
  it("shows a guest only posts at their level or further out, and parents everything", async () => {
    const close = await family.owner.trpc.posts.create.mutate(newPost("<p>Immediate family only</p>", { privacyLevel: "immediate-family" }));
    const wide = await family.owner.trpc.posts.create.mutate(newPost("<p>For friends</p>", { privacyLevel: "friends" }));
    const parents = await family.owner.trpc.posts.create.mutate(newPost("<p>Just us</p>", { privacyLevel: "parents-only" }));
    const ids = (list: { id: string }[]) => list.map((p) => p.id).filter((id) => [close.id, wide.id, parents.id].includes(id));

    expect(ids(await feedOfViewer(family.partner))).toEqual([parents.id, wide.id, close.id]);
    expect(ids(await feedOfViewer(guests.get("immediate-family")!))).toEqual([wide.id, close.id]);
    expect(ids(await feedOfViewer(guests.get("friends")!))).toEqual([wide.id]);
    // The matrix guest is an acquaintance.
    expect(ids(await feedOfViewer(family.guest))).toEqual([]);
  });

  it("answers a hidden post like a missing one when a guest likes or comments on it", async () => {
    const post = await family.owner.trpc.posts.create.mutate(newPost("<p>Family news</p>", { privacyLevel: "immediate-family" }));
    const friend = guests.get("friends")!;
    await expect(friend.trpc.posts.likes.toggle.mutate({ pregnancyId, postId: post.id, liked: true })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    await expect(friend.trpc.posts.comments.add.mutate({ pregnancyId, postId: post.id, id: crypto.randomUUID(), content: "Hi" })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    await expect(friend.trpc.posts.comments.list.query({ pregnancyId, postId: post.id })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
  });

  it("takes audience groups instead of a level: the furthest group, with every closer one stored", async () => {
    const post = await family.owner.trpc.posts.create.mutate(newPost("<p>Groups</p>", { audienceGroups: ["immediate-family", "close-friends"] }));
    expect(post.privacyLevel).toBe("close-friends");
    expect(post.audienceGroups).toEqual(["immediate-family", "extended-family", "close-friends"]);
    expect((await feedOfViewer(guests.get("friends")!)).some((p) => p.id === post.id)).toBe(false);
    const kept = await family.owner.trpc.posts.create.mutate(newPost("<p>Default</p>"));
    expect(kept.privacyLevel).toBe("immediate-family");
  });
});

describe("posts: likes, comments and pages", () => {
  it("sets a like to the wanted state, so repeating a call changes nothing", async () => {
    const post = await family.owner.trpc.posts.create.mutate(newPost("<p>Like me</p>"));
    const grandma = guests.get("immediate-family")!;
    const like = (liked: boolean) => grandma.trpc.posts.likes.toggle.mutate({ pregnancyId, postId: post.id, liked });
    expect(await like(true)).toEqual({ postId: post.id, liked: true, likeCount: 1 });
    expect(await like(true)).toEqual({ postId: post.id, liked: true, likeCount: 1 });
    await family.partner.trpc.posts.likes.toggle.mutate({ pregnancyId, postId: post.id, liked: true });
    const seen = (await feedOfViewer(grandma)).find((p) => p.id === post.id)!;
    expect({ likeCount: seen.likeCount, likedByMe: seen.likedByMe }).toEqual({ likeCount: 2, likedByMe: true });
    expect((await feedOfViewer(family.owner)).find((p) => p.id === post.id)!.likedByMe).toBe(false);
    expect(await like(false)).toEqual({ postId: post.id, liked: false, likeCount: 1 });
    expect(await like(false)).toEqual({ postId: post.id, liked: false, likeCount: 1 });
  });

  it("keeps replies one level deep: a reply's parent must be a top-level comment of the same post", async () => {
    const post = await family.owner.trpc.posts.create.mutate(newPost("<p>Thread</p>"));
    const other = await family.owner.trpc.posts.create.mutate(newPost("<p>Elsewhere</p>"));
    const grandma = guests.get("immediate-family")!;
    const add = (client: ApiClient, postId: string, content: string, parentCommentId?: string) =>
      client.trpc.posts.comments.add.mutate({ pregnancyId, postId, id: crypto.randomUUID(), content, ...(parentCommentId ? { parentCommentId } : {}) });

    const comment = await add(grandma, post.id, "Congratulations!");
    const reply = await add(family.owner, post.id, "Thank you!", comment.id);
    expect(reply.parentCommentId).toBe(comment.id);
    await expect(add(grandma, post.id, "Reply to a reply", reply.id)).rejects.toMatchObject({ data: { code: "BAD_REQUEST", appCode: "VALIDATION_FAILED" } });
    await expect(add(grandma, other.id, "Wrong post", comment.id)).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });

    const listed = (await feedOfViewer(grandma)).find((p) => p.id === post.id)!;
    expect(listed.commentCount).toBe(2);
    expect(listed.comments.map((c) => ({ content: c.content, replies: c.replies.map((r) => r.content) }))).toEqual([{ content: "Congratulations!", replies: ["Thank you!"] }]);
    expect(listed.comments[0]!.author.lastName).toBe("posts-immediate-family");
  });

  it("previews the first comments and replies in the feed and lists them all on request", async () => {
    const post = await family.owner.trpc.posts.create.mutate(newPost("<p>Popular</p>"));
    const texts = Array.from({ length: POST_PREVIEW_COMMENTS + 2 }, (_, i) => `Comment ${i + 1}`);
    const ids: string[] = [];
    for (const content of texts) ids.push((await family.partner.trpc.posts.comments.add.mutate({ pregnancyId, postId: post.id, id: crypto.randomUUID(), content })).id);
    const replies = Array.from({ length: POST_PREVIEW_REPLIES + 1 }, (_, i) => `Reply ${i + 1}`);
    for (const content of replies) await family.owner.trpc.posts.comments.add.mutate({ pregnancyId, postId: post.id, id: crypto.randomUUID(), content, parentCommentId: ids[0] });
    // A reply under a comment the preview leaves out is left out with it.
    await family.owner.trpc.posts.comments.add.mutate({ pregnancyId, postId: post.id, id: crypto.randomUUID(), content: "Reply further down", parentCommentId: ids[POST_PREVIEW_COMMENTS] });

    const listed = (await feedOfViewer(family.owner)).find((p) => p.id === post.id)!;
    expect(listed.commentCount).toBe(texts.length + replies.length + 1);
    expect(listed.comments.map((c) => c.content)).toEqual(texts.slice(0, POST_PREVIEW_COMMENTS));
    expect(listed.comments.map((c) => c.replies.map((r) => r.content))).toEqual([replies.slice(0, POST_PREVIEW_REPLIES), [], []]);
    const all = await family.owner.trpc.posts.comments.list.query({ pregnancyId, postId: post.id });
    expect(all.comments.map((c) => c.content)).toEqual(texts);
    expect(all.comments[0]!.replies.map((r) => r.content)).toEqual(replies);
    expect(all.comments[POST_PREVIEW_COMMENTS]!.replies.map((r) => r.content)).toEqual(["Reply further down"]);
    expect(all.nextCursor).toBeNull();
  });

  it("pages newest first with a cursor, even through posts made in the same instant", async () => {
    const paged = await createOtherFamily();
    const { db, close } = openTestDb();
    const sameInstant = new Date();
    let made: string[];
    try {
      // Seven posts a minute apart and three sharing one timestamp, written directly to control the times.
      const rows = await db
        .insert(posts)
        .values(
          Array.from({ length: 10 }, (_, i) => ({
            pregnancyId: paged.pregnancyId,
            authorId: paged.ownerId,
            content: `<p>Post ${i}</p>`,
            createdAt: i < 3 ? sameInstant : new Date(sameInstant.getTime() - (i + 1) * 60_000),
          })),
        )
        .returning({ id: posts.id });
      made = rows.map((r) => r.id);
    } finally {
      await close();
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { posts: { id: string; createdAt: Date }[]; nextCursor: string | null } = await paged.owner.trpc.posts.list.query({ pregnancyId: paged.pregnancyId, limit: 4, cursor });
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual([...made].sort());
    const { db: check, close: closeCheck } = openTestDb();
    try {
      const times = new Map((await check.select({ id: posts.id, createdAt: posts.createdAt }).from(posts).where(inArray(posts.id, seen))).map((r) => [r.id, r.createdAt.getTime()]));
      const inOrder = seen.map((id) => times.get(id)!);
      expect(inOrder).toEqual([...inOrder].sort((a, b) => b - a));
    } finally {
      await closeCheck();
    }
  });
});

describe("posts: a cursor that is not one", () => {
  it("is refused as bad input, and no answer ever carries the database's words", async () => {
    const id = crypto.randomUUID();
    for (const at of ["9999-99-99T99:99:99.999999Z", "2026-02-30T10:00:00.000000Z", "2026-11-25T25:00:00.000000Z", "2026-11-25T10:00:60.000000Z"]) {
      const refused = await family.owner.trpc.posts.list.query({ pregnancyId, cursor: `${at}|${id}` }).catch((error: unknown) => error);
      expect(refused, at).toMatchObject({ data: { code: "BAD_REQUEST" } });
      expect(JSON.stringify(refused), at).not.toMatch(/select|timestamptz|params|out of range|postgres/i);
    }
    const real = await family.owner.trpc.posts.list.query({ pregnancyId, cursor: `2026-02-28T10:00:00.123456Z|${id}` });
    expect(real.posts).toEqual([]);
  });
});

describe("posts: live reloads", () => {
  it("tells everyone on the pregnancy's feed after a post, a like and a comment", async () => {
    const feed = await connect(feedOf(pregnancyId), family.guest);
    try {
      const post = await family.owner.trpc.posts.create.mutate(newPost("<p>Live!</p>"));
      await feed.next(isPostsSignal);
      feed.messages.length = 0;
      await guests.get("immediate-family")!.trpc.posts.likes.toggle.mutate({ pregnancyId, postId: post.id, liked: true });
      await feed.next(isPostsSignal);
      feed.messages.length = 0;
      await guests.get("immediate-family")!.trpc.posts.comments.add.mutate({ pregnancyId, postId: post.id, id: crypto.randomUUID(), content: "Yay" });
      await feed.next(isPostsSignal);
    } finally {
      feed.socket.close();
    }
  });
});
