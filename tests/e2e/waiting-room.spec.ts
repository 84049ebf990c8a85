import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { ROOM_PARTY } from "../../src/domain/pregnancyRoom";
import { waitingRoomClosedNotice } from "../../src/domain/waitingRoom";
import { pregnancyParticipants, waitingRoomMessages, waitingRoomSessions } from "../../worker/db/schema";
import { dayLabel } from "../../src/domain/dayLabels";
import { addDays } from "../../src/domain/dates";
import { clockWithZone, todayIn } from "../../src/domain/timeZones";
import { PNG_1X1 } from "../support/images";
import { activateWaitingRoom, familyWithGrandparent, inDb, openDb, secondBrowser } from "./family";
import { expect, expectAccessible, payingFamily, signIn, signInThroughApi, test, trpcMutation } from "./support";

const message = (page: Page, text: string) => page.getByRole("list", { name: "Messages", exact: true }).getByRole("article").filter({ hasText: text });

async function send(page: Page, text: string) {
  const chat = page.getByRole("region", { name: "Group chat" });
  await chat.getByRole("textbox", { name: "Message the waiting room" }).fill(text);
  await chat.getByRole("button", { name: "Send" }).click();
  // Sent once the server confirmed it ('Sending…' gone); the room lets one through every 500 ms.
  await expect(message(page, text)).toBeVisible();
  await expect(message(page, text).getByText("Sending…")).toHaveCount(0);
}

test("@desktop owner and grandparent share the waiting room live: activation, chat, typing, reactions, a DM, a reconnect without repeats, and a false alarm closed by the cron", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const family = await familyWithGrandparent(request, baseURL!);
  const grandmaPage = await secondBrowser(browser, baseURL!);
  await Promise.all([signIn(page, family.owner.email, family.owner.password), signIn(grandmaPage, family.grandma.email, family.grandma.password)]);
  await Promise.all([page.goto("/waiting-room"), grandmaPage.goto("/waiting-room")]);

  for (const p of [page, grandmaPage]) await expect(p.getByRole("heading", { name: "The waiting room is closed" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Here now" }).getByText(family.grandma.name)).toBeAttached();
  await expectAccessible(page);

  // The owner opens the room; the grandparent's banner changes within a second, without a reload.
  await activateWaitingRoom(page);
  await expect(grandmaPage.getByRole("heading", { name: "The waiting room is open" })).toBeVisible({ timeout: 1_000 });
  await expect(grandmaPage.getByRole("region", { name: "Pinned updates" }).getByText(/heading to the hospital/)).toBeVisible();

  // Typing shows on the other side, then the messages.
  await page.getByRole("textbox", { name: "Message the waiting room" }).pressSequentially("We are at");
  await expect(grandmaPage.getByText(`${family.owner.name} is typing…`)).toBeVisible();
  await send(page, "We are at the hospital!");
  await expect(message(grandmaPage, "We are at the hospital!")).toBeVisible();
  await expect(grandmaPage.getByText(`${family.owner.name} is typing…`)).toHaveCount(0);
  await send(grandmaPage, "Sending all our love!");
  await expect(message(page, "Sending all our love!")).toBeVisible();

  // The grandparent reacts; the owner sees it.
  await message(grandmaPage, "We are at the hospital!").getByRole("button", { name: "Add reaction" }).click();
  await grandmaPage.getByRole("button", { name: "React with ❤️" }).click();
  await expect(message(grandmaPage, "We are at the hospital!").getByRole("button", { name: "❤️ 1" })).toHaveAttribute("aria-pressed", "true");
  await expect(message(page, "We are at the hospital!").getByRole("button", { name: "❤️ 1" })).toHaveAttribute("aria-pressed", "false");
  await expectAccessible(grandmaPage);

  // A direct message, with the unread count on the owner's side.
  await grandmaPage.getByLabel("Message someone").selectOption(family.owner.userId);
  await grandmaPage.getByRole("button", { name: "Open" }).click();
  await grandmaPage.getByRole("textbox", { name: `Message ${family.owner.name}` }).fill("A private hug for you");
  await grandmaPage.getByRole("region", { name: family.owner.name }).getByRole("button", { name: "Send" }).click();
  const conversation = page.getByRole("list", { name: "Conversations" }).getByRole("button", { name: new RegExp(family.grandma.name) });
  await expect(conversation).toContainText("1 unread");
  await conversation.click();
  await expect(page.getByRole("list", { name: `Messages with ${family.grandma.name}` }).getByText("A private hug for you")).toBeVisible();
  await page.getByRole("textbox", { name: `Message ${family.grandma.name}` }).fill("Thank you, Mum");
  await page.getByRole("region", { name: family.grandma.name }).getByRole("button", { name: "Send" }).click();
  await expect(grandmaPage.getByRole("list", { name: `Messages with ${family.owner.name}` }).getByText("Thank you, Mum")).toBeVisible();

  // The grandparent drops off; three messages later she is back and sees each one once.
  await grandmaPage.context().setOffline(true);
  await expect(grandmaPage.getByText("Waiting for connection...")).toBeVisible();
  const missed = ["First while you were away", "Second while you were away", "Third while you were away"];
  for (const text of missed) {
    await send(page, text);
    await page.waitForTimeout(550);
  }
  await grandmaPage.context().setOffline(false);
  for (const text of missed) await expect(message(grandmaPage, text)).toHaveCount(1);
  await expect(grandmaPage.getByText("Waiting for connection...")).toHaveCount(0);
  await expect(message(grandmaPage, "We are at the hospital!")).toHaveCount(1);

  // False alarm: closing is scheduled 2 hours ahead...
  await page.getByRole("button", { name: "False alarm" }).click();
  await page.getByRole("dialog", { name: "Mark a false alarm?" }).getByRole("button", { name: "False alarm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Auto-Close Scheduled" })).toBeVisible();
  for (const p of [page, grandmaPage]) {
    await expect(p.getByRole("heading", { name: "False alarm" })).toBeVisible();
    await expect(p.getByText(/^Closes in 1:5\d:\d\d/)).toBeVisible();
  }

  // ...and once the clock is past it, the cron closes the room for both.
  const { db, close } = openDb();
  try {
    await db.update(waitingRoomSessions).set({ scheduledCloseAt: new Date(Date.now() - 60_000) }).where(eq(waitingRoomSessions.pregnancyId, family.pregnancyId));
  } finally {
    await close();
  }
  const cron = await request.get(`/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
  expect(cron.ok()).toBe(true);
  for (const p of [page, grandmaPage]) {
    await expect(p.getByRole("heading", { name: "The waiting room is closed" })).toBeVisible();
    await expect(message(p, waitingRoomClosedNotice("false-alarm"))).toHaveCount(1);
  }
  await grandmaPage.context().close();
});

test("@mobile on a phone the parent opens the room, posts a pinned update, answers in a thread and shares the baby's arrival", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/waiting-room");
  await activateWaitingRoom(page);
  await expect(page.getByRole("heading", { name: "The waiting room is open" })).toBeVisible();

  // Chat and direct messages are tabs on a phone.
  await expect(page.getByRole("tab", { name: "Group chat" })).toHaveAttribute("aria-selected", "true");
  await send(page, "Contractions are 5 minutes apart");

  // A photo goes up first, shows as a preview, then travels with the message.
  const chat = page.getByRole("region", { name: "Group chat" });
  await chat.locator("input[type=file][accept^=\"image/\"]").setInputFiles({ name: "bump.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1) });
  await expect(chat.getByRole("img", { name: "Photo to send" })).toBeVisible();
  await chat.getByRole("textbox", { name: "Message the waiting room" }).fill("Last bump photo!");
  await chat.getByRole("button", { name: "Send" }).click();
  await expect(message(page, "Last bump photo!").getByRole("img", { name: `Photo from ${family.owner.name}` })).toBeVisible();
  await expect.poll(() => message(page, "Last bump photo!").getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // A pinned parent update.
  await page.getByRole("button", { name: "Post update" }).click();
  const updateDialog = page.getByRole("dialog", { name: "Post an update" });
  await updateDialog.getByRole("textbox", { name: "Update for the family" }).fill("Doctor says it will be a few hours");
  await updateDialog.getByRole("button", { name: "Send" }).click();
  await expect(updateDialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Pinned updates" }).getByText("Doctor says it will be a few hours")).toBeVisible();

  // A reply in the message's thread.
  await message(page, "Contractions are 5 minutes apart").getByRole("button", { name: "Reply" }).click();
  const thread = page.getByRole("dialog", { name: `Replies to ${family.owner.name}` });
  await thread.getByRole("textbox", { name: "Reply" }).fill("Now 4 minutes");
  await thread.getByRole("button", { name: "Send" }).click();
  await expect(thread.getByRole("list", { name: "Replies" }).getByText("Now 4 minutes")).toBeVisible();
  await expect(thread.getByText("1 reply")).toBeVisible();
  await expectAccessible(page);
  await thread.getByRole("button", { name: "Close" }).click();
  await expect(message(page, "Contractions are 5 minutes apart").getByRole("button", { name: "1 reply" })).toBeVisible();

  // The baby is here: the room closes 4 hours later.
  await page.getByRole("button", { name: "Baby is here" }).click();
  const baby = page.getByRole("dialog", { name: "The baby is here!" });
  await baby.getByLabel("Baby's name").fill("Lily");
  await baby.getByLabel("Time of birth").fill("14:32");
  // In the parent's units (pounds for an American browser), told in both.
  await baby.getByLabel("Pounds").fill("7");
  await baby.getByLabel("Ounces").fill("2");
  await baby.getByRole("button", { name: "Share the news" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Status Updated" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The baby is here!" })).toBeVisible();
  await expect(page.getByText(/^Closes in 3:5\d:\d\d/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Pinned updates" }).getByText(`Lily arrived at ${clockWithZone("2:32 PM", await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone))} weighing 7 lb 2 oz (3.2 kg)`)).toBeVisible();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole("tab", { name: "Direct messages" }).click();
  await expect(page.getByRole("heading", { name: "Direct messages" })).toBeVisible();
  await expectAccessible(page);
});

test("the 'Pinned updates' label shows whole", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await trpcMutation(page.request, "waitingRoom.activate", { pregnancyId: family.pregnancyId });
  await page.goto("/waiting-room");
  const pinned = page.getByRole("region", { name: "Pinned updates" });
  const label = pinned.getByRole("heading", { name: "Pinned updates" });
  await expect(label).toBeVisible();
  await label.scrollIntoViewIfNeeded();
  // Nothing clips it (a scrolling box's rounded corner cut its first letter): each corner of its box is the label's own.
  const cornersShown = await label.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const corners = [[box.left + 1, box.top + 1], [box.right - 1, box.top + 1], [box.left + 1, box.bottom - 1], [box.right - 1, box.bottom - 1]] as const;
    return element.scrollWidth <= element.clientWidth && corners.every(([x, y]) => element.contains(document.elementFromPoint(x, y)));
  });
  expect(cornersShown).toBe(true);
  await expectAccessible(page);
});

test("@desktop a guest without the waiting-room flag is told so, and the room refuses her socket", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!);
  const { db, close } = openDb();
  try {
    await db.update(pregnancyParticipants).set({ permissions: { canAccessWaitingRoom: false } }).where(eq(pregnancyParticipants.userId, family.grandma.userId));
  } finally {
    await close();
  }
  await signInThroughApi(page, family.grandma.email, family.grandma.password);
  await page.goto("/waiting-room");
  await expect(page.getByRole("heading", { name: "Limited Access" })).toBeVisible();
  // The page does not open the room; a socket opened by hand is refused by the server.
  const status = await page.evaluate(
    ({ id, party }) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}/parties/${party}/${id}`);
        socket.onopen = () => resolve("open");
        socket.onerror = () => resolve("refused");
      }),
    { id: family.pregnancyId, party: ROOM_PARTY },
  );
  expect(status).toBe("refused");
  await expectAccessible(page);
});

test("@desktop activating asks first, since it tells the whole family, then says how many were told or that nobody is invited yet", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/waiting-room");
  await page.getByRole("button", { name: "Activate Waiting Room" }).click();
  const confirm = page.getByRole("dialog", { name: "Open the waiting room?" });
  await expect(confirm).toContainText("emailed and notified");
  await expectAccessible(page);
  // Cancel opens nothing.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "The waiting room is closed" })).toBeVisible();

  await activateWaitingRoom(page);
  await expect(page.getByText("The waiting room is open. 1 person was told.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The waiting room is open" })).toBeVisible();

  // A family with nobody invited yet hears that, not that the family was told.
  await page.context().clearCookies();
  await payingFamily(page, "lonelyroom", "basic");
  await page.goto("/waiting-room");
  await activateWaitingRoom(page);
  await expect(page.getByText("The waiting room is open. Nobody is invited yet, so nobody was told: invite family and friends in Settings.")).toBeVisible();
});

test.describe("day separators", () => {
  test.use({ timezoneId: "America/New_York", locale: "en-US" });

  test("an old false alarm's messages and tonight's sit under their own days, named in the reader's zone and locale", async ({ page, request, baseURL }) => {
    const family = await familyWithGrandparent(request, baseURL!);
    const zone = "America/New_York";
    const today = todayIn(zone);
    const alarmDay = addDays(today, -8);
    // 6:05 PM in New York on the false alarm's day (EST or EDT: 22:05 or 23:05 UTC, the same day there).
    const alarmAt = new Date(`${alarmDay}T22:05:00Z`);
    await inDb((db) =>
      db.insert(waitingRoomMessages).values([
        { id: crypto.randomUUID(), pregnancyId: family.pregnancyId, senderId: family.owner.userId, authorId: family.owner.userId, content: "False alarm, back home", createdAt: alarmAt },
        { id: crypto.randomUUID(), pregnancyId: family.pregnancyId, senderId: family.grandma.userId, authorId: family.grandma.userId, content: "Thinking of you tonight", createdAt: new Date() },
      ]),
    );
    await signInThroughApi(page, family.owner.email, family.owner.password);
    await page.goto("/waiting-room");
    const messages = page.getByRole("list", { name: "Messages", exact: true });
    await expect(message(page, "Thinking of you tonight")).toBeVisible();
    await expect(messages.getByRole("heading", { level: 3 })).toHaveText([dayLabel(alarmDay, today, "en-US"), "Today"]);
    await expectAccessible(page);
  });
});

test.describe("times for readers elsewhere", () => {
  test.use({ timezoneId: "America/Chicago", locale: "en-US" });

  test("@desktop a relative in Auckland reads the false alarm's closing time and the baby's time of birth with the family's zone named in the message, and in her own time on the banner", async ({ page, browser, request, baseURL }) => {
    const family = await familyWithGrandparent(request, baseURL!);
    await signInThroughApi(page, family.owner.email, family.owner.password);
    await page.goto("/waiting-room");
    await activateWaitingRoom(page);
    const grandma = await secondBrowser(browser, baseURL!, undefined, { timezoneId: "Pacific/Auckland", locale: "en-NZ" });
    await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
    await grandma.goto("/waiting-room");
    await expect(message(grandma, "heading to the hospital")).toBeVisible();

    await page.getByRole("button", { name: "False alarm" }).click();
    await page.getByRole("dialog", { name: "Mark a false alarm?" }).getByRole("button", { name: "False alarm" }).click();
    const scheduledClose = async () => (await inDb((db) => db.select().from(waitingRoomSessions).where(eq(waitingRoomSessions.pregnancyId, family.pregnancyId))))[0]?.scheduledCloseAt;
    await expect.poll(scheduledClose).toBeTruthy();
    const closesAt = (await scheduledClose())!;
    const clock = (zone: string, locale: string) => new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: zone }).format(closesAt);
    // The message is written once for everyone: its hour names the zone it is in.
    await expect(message(grandma, `False alarm! The waiting room will close at ${clock("America/Chicago", "en-US")} Chicago time.`)).toBeVisible();
    // The banner's hour is her own.
    await expect(grandma.getByText(/Closes in/)).toContainText(`(at ${clock("Pacific/Auckland", "en-NZ")})`);

    // The baby after all: the time of birth is the parents' wall clock, named as theirs.
    await page.getByRole("button", { name: "Baby is here" }).click();
    const baby = page.getByRole("dialog", { name: "The baby is here!" });
    await baby.getByLabel("Time of birth").fill("22:05");
    await baby.getByRole("button", { name: "Share the news" }).click();
    await expect(baby).toHaveCount(0);
    await expect(grandma.getByRole("region", { name: "Pinned updates" }).getByText(/^The baby is here! At 10:05 PM Chicago time\. The waiting room will close at \d{1,2}:\d{2} [AP]M Chicago time\./)).toBeVisible();
    await grandma.context().close();
  });
});

test("a message typed and sent within a second of opening the room is sent: the family sees it, and it is still there after a reload", async ({ page, browser, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!);
  const grandmaPage = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  await Promise.all([signInThroughApi(page, family.owner.email, family.owner.password), signInThroughApi(grandmaPage, family.grandma.email, family.grandma.password)]);
  await Promise.all([page.goto("/waiting-room"), grandmaPage.goto("/waiting-room")]);
  for (const p of [page, grandmaPage]) await expect(p.getByRole("heading", { name: "The waiting room is closed" })).toBeVisible();

  // Straight after the confirmation, as a parent in labour would, while the family is still being told.
  await activateWaitingRoom(page);
  const text = "Waters broke, on our way!";
  const box = page.getByRole("region", { name: "Group chat" }).getByRole("textbox", { name: "Message the waiting room" });
  await box.fill(text);
  await box.press("Enter");

  await expect(message(page, text)).toBeVisible();
  await expect(box).toHaveValue("");
  await expect(message(page, text).getByText("Sending…")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "The waiting room is open" })).toBeVisible();
  await expect(message(grandmaPage, text)).toBeVisible();
  for (const p of [page, grandmaPage]) {
    await p.reload();
    await expect(message(p, text)).toHaveCount(1);
  }
  await grandmaPage.context().close();
});
