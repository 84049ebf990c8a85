import type { APIRequestContext, Page } from "@playwright/test";
import { todayIso } from "../../src/domain/dates";
import { LOSS_TEXTS } from "../../src/domain/pregnancyLoss";
import { pregnancyBabies, pushSubscriptions } from "../../worker/db/schema";
import { createTestDevice, startPushEndpoint, waitForPushes } from "../support/pushEndpoint";
import { addFamilyGuest, addTwins, familyWithGrandparent, inDb, secondBrowser } from "./family";
import { expect, expectAccessible, signInThroughApi, test, trpcMutation } from "./support";

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

interface Mail {
  to: string;
  subject: string;
  text: string;
}
/** Mail to this person beyond their sign-up code. */
const mailsTo = async (request: APIRequestContext, email: string) =>
  ((await (await request.get("/api/dev/outbox")).json()) as Mail[]).filter((mail) => mail.to === email.toLowerCase() && mail.subject !== "Confirm your email");

/** What no screen or mail may say once the pregnancy has ended. */
const PREGNANCY_TEXT = /weeks? pregnant|trimester|countdown|days? to go|size of|this week's size|ready to meet|due date/i;

/** The next Monday 09:00 UTC after today: a digest run by the test clock. */
function nextMondayMorning(): Date {
  const day = new Date(`${todayIso()}T09:00:00Z`);
  day.setUTCDate(day.getUTCDate() + (((8 - day.getUTCDay()) % 7) || 7));
  return day;
}

/**
 * Records a loss on /pregnancy-ended as a parent does, from Settings: the choice (if several
 * babies), then one confirmation. `shot` keeps a picture of each step (the closing note's).
 */
async function recordLoss(page: Page, { choice, shot }: { choice?: string; shot?: (name: string) => Promise<unknown> } = {}) {
  await page.goto("/settings");
  const link = page.getByRole("link", { name: LOSS_TEXTS.settingsLink });
  await link.scrollIntoViewIfNeeded();
  await shot?.("1-settings");
  await link.click();
  await expect(page.getByRole("heading", { name: LOSS_TEXTS.settingsHeading, level: 1 })).toBeVisible();
  await shot?.("2-page");
  if (choice) await page.getByRole("radio", { name: choice }).check();
  await page.getByRole("button", { name: LOSS_TEXTS.record }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: LOSS_TEXTS.confirm })).toBeVisible();
  await shot?.("3-confirm");
  await dialog.getByRole("button", { name: LOSS_TEXTS.confirm }).click();
  await expect(toast(page, LOSS_TEXTS.recorded)).toBeVisible();
  await expect(page.getByRole("region", { name: LOSS_TEXTS.tellHeading })).toBeVisible();
}

test("the owner records the loss telling nobody: Grandma sees no countdown, week, size or game, hears nothing, and the digest holds no pregnancy @mobile", async ({ page, browser, request, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const family = await familyWithGrandparent(request, baseURL!, "Quiet Family");
  await inDb((db) => db.insert(pregnancyBabies).values({ pregnancyId: family.pregnancyId, name: "Bean", birthOrder: 1 }));
  const endpoint = await startPushEndpoint();
  try {
    // Grandma's phone takes pushes: whatever the app would send her arrives here.
    const device = createTestDevice(endpoint.origin);
    await inDb((db) => db.insert(pushSubscriptions).values({ userId: family.grandma.userId, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth, deviceLabel: "Grandma's phone" }));

    await signInThroughApi(page, family.owner.email, family.owner.password);
    await trpcMutation(page.request, "calendar.milestones.add", { pregnancyId: family.pregnancyId, keys: ["due-date"] });
    await page.goto("/dashboard");
    await expect(page.getByText("Weeks pregnant")).toBeVisible();

    await recordLoss(page, { shot: (name) => page.screenshot({ path: testInfo.outputPath(`loss-${name}.png`) }) });
    await page.screenshot({ path: testInfo.outputPath("loss-4-recorded.png"), fullPage: true });
    await expectAccessible(page);
    // The owner's own dashboard: one quiet line, nothing counted.
    await page.goto("/dashboard");
    await expect(page.getByText(LOSS_TEXTS.dashboardParentLine)).toBeVisible();
    await expect(page.locator("main")).not.toContainText(PREGNANCY_TEXT);
    // The waiting room cannot be opened any more, so it can tell nobody.
    const activation = await page.request.post("/api/trpc/waitingRoom.activate", { data: { json: { pregnancyId: family.pregnancyId } } });
    expect(activation.ok()).toBe(false);

    const grandma = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
    await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
    await grandma.goto("/dashboard");
    await expect(grandma.getByRole("heading", { name: family.title })).toBeVisible();
    await expect(grandma.getByText("You are following as Grandma.")).toBeVisible();
    await expect(grandma.locator("main")).not.toContainText(PREGNANCY_TEXT);
    await expect(grandma.getByRole("img", { name: /size/i })).toHaveCount(0);
    await grandma.screenshot({ path: testInfo.outputPath("loss-5-grandma-dashboard.png"), fullPage: true });
    await expectAccessible(grandma);

    await grandma.goto("/calendar");
    await expect(grandma.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
    await expect(grandma.getByText("Due date", { exact: true })).toHaveCount(0);

    await grandma.goto("/baby-game");
    await expect(grandma.getByText(LOSS_TEXTS.gameClosed)).toBeVisible();
    await expect(grandma.getByRole("form", { name: /Your guess/ })).toHaveCount(0);
    await expect(grandma.getByRole("button", { name: /Submit prediction|Edit your guess/ })).toHaveCount(0);

    // Grandma was told nothing: no mail, and the next Monday's digest (test clock) carries no pregnancy.
    expect(await mailsTo(page.request, family.grandma.email)).toEqual([]);
    await trpcMutation(page.request, "posts.create", { pregnancyId: family.pregnancyId, id: crypto.randomUUID(), content: "<p>Thank you for the flowers.</p>", privacyLevel: "immediate-family" });
    const digest = await page.request.post("/api/dev/weekly-digest", { data: { now: nextMondayMorning().toISOString() } });
    expect(digest.ok()).toBe(true);
    expect(((await digest.json()) as { failed: number }).failed).toBe(0);
    const digests = [...(await mailsTo(page.request, family.grandma.email)), ...(await mailsTo(page.request, family.owner.email))].filter((mail) => mail.subject.endsWith("your week"));
    expect(digests.length).toBeGreaterThan(0);
    for (const mail of digests) expect(mail.text).not.toMatch(PREGNANCY_TEXT);
    expect(await waitForPushes(endpoint, 0)).toEqual([]);
    await grandma.context().close();
  } finally {
    await endpoint.close();
  }
});

test("the owner tells only the immediate family, in her own words, with no replies: Grandma reads it in the app and by mail, Sam hears nothing @desktop", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(90_000);
  const family = await familyWithGrandparent(request, baseURL!, "Telling Family");
  const sam = await addFamilyGuest(request, baseURL!, family.pregnancyId, { firstName: "Sam", title: "Sam" });
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await trpcMutation(page.request, "pregnancyLoss.record", { pregnancyId: family.pregnancyId });

  await page.goto("/pregnancy-ended");
  const tell = page.getByRole("region", { name: LOSS_TEXTS.tellHeading });
  const message = tell.getByRole("textbox", { name: LOSS_TEXTS.messageLabel });
  // An editable gentle draft is offered; she writes her own.
  await expect(message).toHaveValue(/heartbroken/);
  const words = "Our little one was born sleeping on Sunday. We love you all, and we need some quiet for now.";
  await message.fill(words);
  // Sent to nobody yet: it says so, and what she typed stays.
  await tell.getByRole("button", { name: LOSS_TEXTS.send }).click();
  await expect(tell.getByText(LOSS_TEXTS.chooseSomeone)).toBeVisible();
  await expect(message).toHaveValue(words);
  await tell.getByRole("checkbox", { name: "Immediate family" }).check();
  await tell.getByRole("checkbox", { name: LOSS_TEXTS.noReplies }).check();
  await expectAccessible(page);
  await tell.getByRole("button", { name: LOSS_TEXTS.send }).click();
  await expect(toast(page, LOSS_TEXTS.sent(1))).toBeVisible();

  const grandmaMail = (await mailsTo(page.request, family.grandma.email)).filter((mail) => mail.subject.startsWith("A message from"));
  expect(grandmaMail).toHaveLength(1);
  expect(grandmaMail[0]!.text).toContain(words);
  expect(grandmaMail[0]!.text).toContain(LOSS_TEXTS.noRepliesLine);
  expect(await mailsTo(page.request, sam.email)).toEqual([]);

  const grandma = await secondBrowser(browser, baseURL!);
  await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
  await grandma.goto("/posts");
  const post = grandma.getByRole("article").filter({ hasText: words });
  await expect(post).toBeVisible();
  await expect(post.getByText(LOSS_TEXTS.noRepliesLine)).toBeVisible();
  await expect(post.getByRole("button", { name: /like/i })).toHaveCount(0);
  await expect(post.getByRole("textbox")).toHaveCount(0);
  await grandma.context().close();

  const samPage = await secondBrowser(browser, baseURL!);
  await signInThroughApi(samPage, sam.email, sam.password);
  await samPage.goto("/posts");
  await expect(samPage.getByRole("heading", { name: "Posts", level: 1 })).toBeVisible();
  await expect(samPage.getByText(words)).toHaveCount(0);
  await samPage.context().close();
});

test("a loss for one twin: every screen speaks of Sprout alone, and undoing it within 14 days brings Bean back as before", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(90_000);
  const family = await familyWithGrandparent(request, baseURL!, "Twin Family");
  await addTwins(family.pregnancyId);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await recordLoss(page, { choice: LOSS_TEXTS.oneBaby("Bean") });
  // The pregnancy goes on: the count stays, for Sprout.
  await page.goto("/dashboard");
  await expect(page.getByText("Weeks pregnant")).toBeVisible();

  const grandma = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
  const screens = ["/dashboard", "/baby-game"];
  for (const path of screens) {
    await grandma.goto(path);
    await expect(grandma.locator("main")).toContainText("Sprout");
    await expect(grandma.locator("main")).not.toContainText("Bean");
  }

  await page.goto("/pregnancy-ended");
  await page.getByRole("button", { name: LOSS_TEXTS.undo }).click();
  await page.getByRole("dialog").getByRole("button", { name: LOSS_TEXTS.undo }).click();
  await expect(toast(page, LOSS_TEXTS.undone)).toBeVisible();
  for (const path of screens) {
    await grandma.goto(path);
    await expect(grandma.locator("main")).toContainText("Bean");
    await expect(grandma.locator("main")).toContainText("Sprout");
  }
  await grandma.context().close();
  // The record is gone: the page offers to record again, as before.
  await page.reload();
  await expect(page.getByRole("button", { name: LOSS_TEXTS.record })).toBeVisible();
});
