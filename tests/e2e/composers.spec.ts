import type { Page } from "@playwright/test";
import { NOT_SENT_TEXT } from "../../src/lib/useDraft";
import { activateWaitingRoom, familyWithGrandparent } from "./family";
import { expect, signIn, signInThroughApi, test } from "./support";

/**
 * The write reaches the server, but its answer is lost on the way back (a dropped connection): the
 * browser sees a failure for a message that was stored. Sent again, it must be stored once.
 */
async function loseAnswers(page: Page, procedure: string) {
  const pattern = new RegExp(`/api/trpc/${procedure.replaceAll(".", "\\.")}\\?`);
  await page.route(pattern, async (route) => {
    await route.fetch();
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
  const stopLosingPosts = await loseAnswers(page, "posts.create");
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
  const stopLosingComments = await loseAnswers(page, "posts.comments.add");
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
