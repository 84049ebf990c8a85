import type { Locator, Page } from "@playwright/test";
import { posts } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { testPng, testThumbnail } from "../support/images";
import { uploadPhotos } from "../support/photoUpload";
import { familyWithGrandparent, openDb, secondBrowser } from "./family";
import { expect, expectAccessible, signIn, signInThroughApi, test } from "./support";
import { POST_MAX_PHOTOS, POST_PAGE_SIZE } from "../../src/domain/posts";

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const postBy = (scope: Page | Locator, name: string, text: string) => scope.getByRole("article", { name: `Post by ${name}` }).filter({ hasText: text });

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("the owner posts with formatting and a link; the grandparent sees it live, likes and comments; the owner replies, edits and deletes", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const family = await familyWithGrandparent(request, baseURL!, "Posting Family");
  const grandmaPage = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  await Promise.all([signIn(page, family.owner.email, family.owner.password), signIn(grandmaPage, family.grandma.email, family.grandma.password)]);

  // The grandparent waits on her dashboard; nothing is shared yet.
  const grandmaUpdates = grandmaPage.getByRole("region", { name: "Latest updates" });
  await expect(grandmaUpdates).toContainText("Check back soon for news from the parents.");

  // The owner writes a post: bold text, a link from the toolbar, a mood and a location.
  await page.goto("/posts");
  await expect(page.getByRole("heading", { name: "Posts", level: 1 })).toBeVisible();
  await expect(page.getByText("No posts yet. Share your first update with your family above.")).toBeVisible();
  const composer = page.getByRole("region", { name: "New post" });
  const editor = composer.getByRole("textbox", { name: "Share an update" });
  await editor.click();
  await composer.getByRole("button", { name: "Bold" }).click();
  await expect(composer.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("Big news:");
  await composer.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" we heard the heartbeat! More at ");
  await composer.getByRole("button", { name: "Link" }).click();
  await composer.getByRole("textbox", { name: "Link address" }).fill("javascript:alert(1)");
  await composer.getByRole("button", { name: "Add link" }).click();
  await expect(composer.getByText("Please enter a valid https URL.")).toBeVisible();
  await composer.getByRole("textbox", { name: "Link address" }).fill("example.com/heartbeat");
  await composer.getByRole("button", { name: "Add link" }).click();
  await composer.getByLabel("Mood").selectOption("excited");
  await composer.getByLabel("Location").fill("St. Mary's Hospital");
  await expect(composer.getByLabel("Who can see this")).toHaveValue("immediate-family");
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(toast(page, "Post created successfully")).toBeVisible();
  await expect(editor).toHaveText("");

  const ownerPost = postBy(page, family.owner.name, "we heard the heartbeat");
  await expect(ownerPost.locator("b", { hasText: "Big news:" })).toBeVisible();
  await expect(ownerPost.getByRole("link", { name: "https://example.com/heartbeat" })).toHaveAttribute("href", "https://example.com/heartbeat");
  await expect(ownerPost).toContainText("Feeling 🤩 excited");
  await expect(ownerPost).toContainText("St. Mary's Hospital");
  await expect(ownerPost).toContainText("Immediate family");
  await expectAccessible(page);

  // It appears on the grandparent's dashboard without a reload; she likes it and comments.
  const grandmaPost = postBy(grandmaUpdates, family.owner.name, "we heard the heartbeat");
  await expect(grandmaPost.locator("b", { hasText: "Big news:" })).toBeVisible();
  await grandmaPost.getByRole("button", { name: "Like", exact: true }).click();
  await expect(grandmaPost.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(grandmaPost).toContainText("1 like");
  await grandmaPost.getByRole("textbox", { name: "Write a comment" }).fill("So happy for you both!");
  await grandmaPost.getByRole("button", { name: "Post comment" }).click();
  await expect(toast(grandmaPage, "Comment added")).toBeVisible();
  await expect(grandmaPost.getByRole("article", { name: `Comment by ${family.grandma.name}` })).toContainText("So happy for you both!");
  await expectAccessible(grandmaPage);
  await expectNoHorizontalScroll(grandmaPage);

  // The owner sees the like and the comment arrive, and replies.
  await expect(ownerPost).toContainText("1 like");
  const comment = ownerPost.getByRole("article", { name: `Comment by ${family.grandma.name}` });
  await expect(comment).toContainText("So happy for you both!");
  await ownerPost.getByRole("button", { name: `Reply to ${family.grandma.name}` }).click();
  await ownerPost.getByRole("textbox", { name: `Your reply to ${family.grandma.name}` }).fill("Thank you, Mum!");
  await ownerPost.getByRole("button", { name: "Post reply" }).click();
  await expect(toast(page, "Reply added")).toBeVisible();
  await expect(ownerPost.getByRole("list", { name: `Replies to ${family.grandma.name}` })).toContainText("Thank you, Mum!");
  await expect(grandmaPost.getByRole("list", { name: `Replies to ${family.grandma.name}` })).toContainText("Thank you, Mum!");
  // Replies go one level deep: a reply has no reply button of its own.
  await expect(ownerPost.getByRole("article", { name: `Reply by ${family.owner.name}` }).getByRole("button")).toHaveCount(0);
  // Only the author may change a post: the grandparent gets no edit or delete.
  await expect(grandmaPost.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(grandmaPost.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);

  // The owner edits the post; the grandparent sees the new text.
  await ownerPost.getByRole("button", { name: "Edit", exact: true }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit post" });
  const editEditor = editDialog.getByRole("textbox", { name: "Share an update" });
  await expect(editEditor.locator("b", { hasText: "Big news:" })).toBeVisible();
  await editEditor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Due in ten days.");
  await expectAccessible(page);
  await editDialog.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Post updated")).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(ownerPost).toContainText("Due in ten days.");
  await expect(ownerPost).toContainText("Edited");
  await expect(grandmaPost).toContainText("Due in ten days.");
  await expect(ownerPost.getByRole("link", { name: "https://example.com/heartbeat" })).toBeVisible();

  // Deleting asks first; cancelling keeps the post.
  await ownerPost.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this post?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(ownerPost).toBeVisible();
  await ownerPost.getByRole("button", { name: "Delete", exact: true }).click();
  await confirm.getByRole("button", { name: "Delete post" }).click();
  await expect(toast(page, "Post deleted")).toBeVisible();
  await expect(ownerPost).toHaveCount(0);
  await expect(grandmaPost).toHaveCount(0);
  await expect(grandmaUpdates).toContainText("Check back soon for news from the parents.");
  await expectNoHorizontalScroll(page);

  await grandmaPage.context().close();
});

test("the owner attaches an album photo to a post and the grandparent sees it in her feed", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const family = await familyWithGrandparent(request, baseURL!, "Photo Post Family");
  // One photo in the album, uploaded as the album does it (with its browser-made thumbnail), for the family.
  const altText = "Two tiny shapes on the first scan";
  const uploader = new ApiClient(baseURL!);
  expect((await uploader.signIn(family.owner.email, family.owner.password)).ok).toBe(true);
  const [uploaded] = await uploadPhotos(uploader, family.pregnancyId, [{ name: "scan.png", bytes: testPng(), type: "image/png" }], {
    thumbnails: [{ name: "thumbnail.jpg", bytes: testThumbnail(), type: "image/jpeg" }],
    metadata: { title: "First scan", altText, week: 12, privacyLevel: "immediate-family" },
  });
  expect(uploaded?.success).toBe(true);

  const grandmaPage = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  await Promise.all([signIn(page, family.owner.email, family.owner.password), signIn(grandmaPage, family.grandma.email, family.grandma.password)]);
  await page.goto("/posts");
  const composer = page.getByRole("region", { name: "New post" });
  await composer.getByRole("textbox", { name: "Share an update" }).fill("Our first look at the twins!");

  // Chosen in the album dialog, shown in the composer, removable, and chosen again.
  const choose = async () => {
    await composer.getByRole("button", { name: "Add photos" }).click();
    const dialog = page.getByRole("dialog", { name: "Attach photos from the album" });
    await expect(dialog).toContainText(`0 of ${POST_MAX_PHOTOS} photos chosen`);
    await dialog.getByRole("checkbox", { name: altText }).check();
    await expect(dialog).toContainText(`1 of ${POST_MAX_PHOTOS} photos chosen`);
    return dialog;
  };
  const dialog = await choose();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await dialog.getByRole("button", { name: "Attach" }).click();
  await expect(dialog).toBeHidden();
  const attached = composer.getByRole("list", { name: "Attached photos" });
  await expect(attached.getByRole("img", { name: altText })).toBeVisible();
  await composer.getByRole("button", { name: `Remove ${altText}` }).click();
  await expect(attached).toHaveCount(0);
  await (await choose()).getByRole("button", { name: "Attach" }).click();
  await expect(attached.getByRole("img", { name: altText })).toBeVisible();
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(toast(page, "Post created successfully")).toBeVisible();
  await expect(attached).toHaveCount(0);

  // The post shows the thumbnail by its signed link (src/domain/pictureLinks.ts); it opens large, by the full size's own.
  const ownerPost = postBy(page, family.owner.name, "Our first look at the twins!");
  const thumbnail = ownerPost.getByRole("list", { name: "Photos" }).getByRole("img", { name: altText });
  await expect(thumbnail).toHaveAttribute("src", /^\/api\/pictures\//);
  await ownerPost.getByRole("button", { name: altText }).click();
  const viewer = page.getByRole("dialog", { name: "First scan" });
  await expect(viewer.getByRole("img", { name: altText })).toHaveAttribute("src", /^\/api\/pictures\//);
  expect(await viewer.getByRole("img", { name: altText }).getAttribute("src")).not.toBe(await thumbnail.getAttribute("src"));
  await expectAccessible(page);
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toBeHidden();

  // The grandparent (immediate family, like the photo) sees the post arrive with its picture, which loads for her.
  const grandmaPost = postBy(grandmaPage.getByRole("region", { name: "Latest updates" }), family.owner.name, "Our first look at the twins!");
  const grandmaPicture = grandmaPost.getByRole("img", { name: altText });
  await expect(grandmaPicture).toBeVisible();
  await expect.poll(() => grandmaPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(grandmaPage);
  await expectNoHorizontalScroll(grandmaPage);
  await expectNoHorizontalScroll(page);

  await grandmaPage.context().close();
});

test.describe("a hostile answer", () => {
  // Parsing the hostile markup in an inert document makes Chrome check its handler attributes
  // against the policy, which refuses them (reported as script-src-attr); nothing else may be.
  test.use({ expectedCspViolations: /inline event handler|script-src-attr blocked inline/ });

  test("a guest's feed page has no composer, is reached from the dashboard, and puts post HTML on the page through the allowed tags only", async ({ page, request, baseURL }) => {
    const family = await familyWithGrandparent(request, baseURL!, "Reading Family");
    const { db, close } = openDb();
    try {
      await db.insert(posts).values({ pregnancyId: family.pregnancyId, authorId: family.owner.userId, content: "<p>Stored safely</p>" });
    } finally {
      await close();
    }
    // Whatever the server answered, the page rebuilds post HTML from the allowed tags: hand it a hostile answer.
    const hostile =
      '<p onclick="window.pwned=1">Safe <b>bold</b></p><img src=x onerror="window.pwned=1"><a href="javascript:window.pwned=1">bad</a>' +
      '<script>window.pwned=1</script><svg onload="window.pwned=1"></svg><a href="https://example.com/ok" onclick="window.pwned=1">ok</a>';
    await page.route("**/api/trpc/**posts.list**", async (route) => {
      // A read, so sent again if a reused connection the server had just closed resets (ECONNRESET).
      const answer = await route.fetch().catch(() => route.fetch());
      const body = (await answer.text()).replaceAll("<p>Stored safely</p>", JSON.stringify(hostile).slice(1, -1));
      await route.fulfill({ response: answer, body });
    });

    await signIn(page, family.grandma.email, family.grandma.password);
    await page.getByRole("region", { name: "Latest updates" }).getByRole("link", { name: "See all updates" }).click();
    await expect(page).toHaveURL(/\/posts/);
    await expect(page.getByRole("heading", { name: "Posts", level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "New post" })).toHaveCount(0);

    const post = postBy(page, family.owner.name, "Safe");
    await expect(post.locator("b", { hasText: "bold" })).toBeVisible();
    await expect(post.getByRole("link", { name: "ok" })).toHaveAttribute("href", "https://example.com/ok");
    await expect(post.getByText("bad")).toBeVisible();
    await expect(post.getByRole("link", { name: "bad" })).toHaveCount(0);
    await expect(post.locator("img, svg:not([aria-hidden]), script, [onclick], [onerror], [onload]")).toHaveCount(0);
    await post.getByText("Safe").click();
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await expectAccessible(page);
  });
});

test("@desktop older posts come with Load more, and a like the server refuses is taken back", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Busy Family");
  const { db, close } = openDb();
  try {
    const now = Date.now();
    await db.insert(posts).values(
      Array.from({ length: POST_PAGE_SIZE + 1 }, (_, i) => ({ pregnancyId: family.pregnancyId, authorId: family.owner.userId, content: `<p>Update number ${i + 1}</p>`, createdAt: new Date(now - i * 60_000) })),
    );
  } finally {
    await close();
  }
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/posts");
  const feed = page.getByRole("list", { name: "Posts" });
  await expect(feed.getByRole("article", { name: `Post by ${family.owner.name}` })).toHaveCount(POST_PAGE_SIZE);
  await expect(feed.getByRole("article").first()).toContainText("Update number 1");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(feed.getByRole("article", { name: `Post by ${family.owner.name}` })).toHaveCount(POST_PAGE_SIZE + 1);
  await expect(feed.getByRole("article").last()).toContainText(`Update number ${POST_PAGE_SIZE + 1}`);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  // The like shows at once; when the server fails (after the retries) it is taken back with the spec's toast.
  await page.route("**/api/trpc/**posts.likes.toggle**", (route) => route.fulfill({ status: 500, body: "Server error" }));
  const second = postBy(page, family.owner.name, "Update number 2");
  const like = second.getByRole("button", { name: "Like", exact: true });
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(second).toContainText("1 like");
  await expect(toast(page, "Failed to update like")).toBeVisible();
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(second).toContainText("0 likes");
});
