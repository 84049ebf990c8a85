import type { Page } from "@playwright/test";
import { WAITING_ROOM_TOASTS } from "../../src/domain/waitingRoom";
import { NOT_SENT_TEXT } from "../../src/lib/useDraft";
import { activateWaitingRoom, familyWithGrandparent } from "./family";
import { expect, signIn, signInThroughApi, test } from "./support";

/**
 * Every call of this procedure fails in the browser until the returned function is called. With
 * `stored`, the write reaches the server (as a rule) and only its answer is lost on the way back (a
 * dropped connection): sent again, it must be stored once. Without, it never gets there.
 */
async function failCalls(page: Page, procedure: string, { stored }: { stored: boolean }) {
  const pattern = new RegExp(`/api/trpc/${procedure.replaceAll(".", "\\.")}\\?`);
  await page.route(pattern, async (route) => {
    if (!stored) return route.abort("connectionfailed");
    // A reused connection the server had just closed can reset here (ECONNRESET): the answer is
    // lost all the same, which is what the page must survive, so it gets the same 503.
    await route.fetch().catch(() => undefined);
    await route.fulfill({ status: 503, contentType: "text/plain", body: "The connection dropped" });
  });
  return () => page.unroute(pattern);
}

test("a post and a comment whose answer is lost stay in their boxes marked not sent, and 'Try again' shares each once", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Composing Family");
  await signIn(page, family.owner.email, family.owner.password);
  await page.goto("/posts");

  const composer = page.getByRole("region", { name: "New post" });
  const editor = composer.getByRole("textbox", { name: "Share an update" });
  const stopLosingPosts = await failCalls(page, "posts.create", { stored: true });
  await editor.click();
  await page.keyboard.type("The scan went well");
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(composer.getByText(NOT_SENT_TEXT)).toBeVisible({ timeout: 20_000 });
  await expect(editor).toHaveText("The scan went well");
  await stopLosingPosts();
  await composer.getByRole("button", { name: "Try again" }).click();
  const post = page.getByRole("article", { name: `Post by ${family.owner.name}` });
  await expect(post).toContainText("The scan went well");
  await expect(editor).toHaveText("");
  await expect(composer.getByText(NOT_SENT_TEXT)).toHaveCount(0);
  await page.reload();
  await expect(post).toHaveCount(1);

  const box = post.getByRole("textbox", { name: "Write a comment" });
  const stopLosingComments = await failCalls(page, "posts.comments.add", { stored: true });
  await box.fill("Such good news");
  await post.getByRole("button", { name: "Post comment" }).click();
  await expect(post.getByText(NOT_SENT_TEXT)).toBeVisible({ timeout: 20_000 });
  await expect(box).toHaveValue("Such good news");
  await stopLosingComments();
  await post.getByRole("button", { name: "Try again" }).click();
  const comment = post.getByRole("article", { name: `Comment by ${family.owner.name}` });
  await expect(comment).toContainText("Such good news");
  await expect(box).toHaveValue("");
  await page.reload();
  await expect(comment).toHaveCount(1);
});

test("@desktop what a parent is typing in the waiting room stays in the box when the screen changes from desktop to phone layout", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Rotating Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/waiting-room");
  await activateWaitingRoom(page);
  await expect(page.getByRole("heading", { name: "The waiting room is open" })).toBeVisible();

  const box = page.getByRole("region", { name: "Group chat" }).getByRole("textbox", { name: "Message the waiting room" });
  await box.fill("Contractions every 4 minutes");
  // The desktop's two columns give way to the phone's tabs: the chat is drawn anew.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("tab", { name: "Group chat" })).toBeVisible();
  await expect(box).toHaveValue("Contractions every 4 minutes");
  await box.press("Enter");
  await expect(page.getByRole("list", { name: "Messages", exact: true }).getByRole("article").filter({ hasText: "Contractions every 4 minutes" })).toBeVisible();
  await expect(box).toHaveValue("");
});

test("@desktop a waiting-room message or direct message that failed is still there, ready to retry, after the parent left the screen and came back", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Retrying Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/waiting-room");
  await activateWaitingRoom(page);
  await expect(page.getByRole("heading", { name: "The waiting room is open" })).toBeVisible();

  const messages = page.getByRole("list", { name: "Messages", exact: true });
  const stopLosingMessages = await failCalls(page, "waitingRoom.messages.send", { stored: false });
  await page.getByRole("textbox", { name: "Message the waiting room" }).fill("Baby is crowning");
  await page.getByRole("textbox", { name: "Message the waiting room" }).press("Enter");
  await expect(page.getByRole("textbox", { name: "Message the waiting room" })).toHaveValue("");
  const failed = messages.getByRole("article").filter({ hasText: "Baby is crowning" });
  await expect(failed.getByRole("button", { name: WAITING_ROOM_TOASTS.messageFailed })).toBeVisible({ timeout: 20_000 });

  // A direct message fails too, and the parent goes back to the conversations.
  const stopLosingDms = await failCalls(page, "waitingRoom.dms.send", { stored: false });
  await page.getByLabel("Message someone").selectOption(family.grandma.userId);
  await page.getByRole("button", { name: "Open" }).click();
  await page.getByRole("textbox", { name: `Message ${family.grandma.name}` }).fill("Can you feed the cat?");
  await page.getByRole("region", { name: family.grandma.name }).getByRole("button", { name: "Send" }).click();
  const dms = page.getByRole("list", { name: `Messages with ${family.grandma.name}` });
  await expect(dms.getByRole("button", { name: WAITING_ROOM_TOASTS.messageFailed })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Back to conversations" }).click();

  // To the dashboard and back, inside the app.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Waiting Room" }).click();
  await stopLosingMessages();
  await stopLosingDms();
  await failed.getByRole("button", { name: WAITING_ROOM_TOASTS.messageFailed }).click();
  await expect(failed.getByRole("button", { name: "Reply" })).toBeVisible();

  await page.getByRole("list", { name: "Conversations" }).getByRole("button", { name: new RegExp(family.grandma.name) }).click();
  await dms.getByRole("button", { name: WAITING_ROOM_TOASTS.messageFailed }).click();
  await expect(dms.getByText("Can you feed the cat?")).toBeVisible();
  await expect(dms.getByRole("button", { name: WAITING_ROOM_TOASTS.messageFailed })).toHaveCount(0);
  await expect(dms.getByText("Sending…")).toHaveCount(0);

  await page.reload();
  await expect(messages.getByRole("article").filter({ hasText: "Baby is crowning" })).toHaveCount(1);
});
