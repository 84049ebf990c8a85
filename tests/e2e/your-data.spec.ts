import { ACCOUNT_DELETION_MESSAGES, ACCOUNT_DELETION_REMOVES } from "../../src/domain/accountDeletion";
import { LEAVING_MESSAGES } from "../../src/domain/leaving";
import { PNG_1X1 } from "../support/images";
import { addFamilyGuest, familyWithGrandparent, secondBrowser } from "./family";
import { expect, expectAccessible, mailedCode, signIn, signInThroughApi, test } from "./support";

test("a guest leaves the pregnancy from Settings, keeping what they added", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Leaving Family");
  await signIn(page, family.grandma.email, family.grandma.password);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Your data" });
  await section.getByRole("button", { name: "Leave this pregnancy" }).click();
  const dialog = page.getByRole("dialog", { name: `Leave ${family.title}?` });
  await expect(dialog.getByRole("radio", { name: /Keep what I added/ })).toBeChecked();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Leave pregnancy" }).click();
  await expect(page.getByText(LEAVING_MESSAGES.left(family.title))).toBeVisible();
  await expect(page).toHaveURL(/\/pregnancies$/);
  // The family is no longer theirs to open.
  const calls = await page.request.get(`/api/trpc/posts.list?input=${encodeURIComponent(JSON.stringify({ json: { pregnancyId: family.pregnancyId } }))}`);
  expect(calls.status()).toBe(403);
});

test("a user deletes their account with the mailed code; they cannot sign in again and their picture is gone", { tag: "@desktop" }, async ({ page, request, baseURL, browser }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Deleting Family");
  const cousin = await addFamilyGuest(request, baseURL!, family.pregnancyId, { firstName: "Cousin", title: "Cousin" });
  await signIn(page, cousin.email, cousin.password);
  const avatar = await page.request.post("/api/avatars", { data: Buffer.from(PNG_1X1), headers: { "content-type": "application/octet-stream", origin: baseURL! } });
  expect(avatar.status()).toBe(201);
  const { avatarUrl } = (await avatar.json()) as { avatarUrl: string };
  const owner = await secondBrowser(browser, baseURL!);
  await signInThroughApi(owner, family.owner.email, family.owner.password);
  expect((await owner.request.get(avatarUrl)).status()).toBe(200);

  await page.goto("/settings");
  await page.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  // Keeping the photos is offered first; the list says what goes for the choice made.
  await expect(dialog.getByRole("radio", { name: /Keep my photos in the albums/ })).toBeChecked();
  await expect(dialog.getByText(ACCOUNT_DELETION_REMOVES.keep[1]!, { exact: true })).toBeVisible();
  await dialog.getByRole("radio", { name: /Delete my photos too/ }).check();
  await expect(dialog.getByText(ACCOUNT_DELETION_REMOVES.remove[1]!, { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Email me a code" }).click();
  await expect(dialog.getByText(`We sent a 6-digit code to ${cousin.email}.`)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Code").fill(await mailedCode(page, cousin.email));
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText(ACCOUNT_DELETION_MESSAGES.deletedToast)).toBeVisible();

  const signInAgain = await page.request.post("/api/auth/sign-in/email", { data: { email: cousin.email, password: cousin.password }, headers: { origin: baseURL! } });
  expect(signInAgain.status()).not.toBe(200);
  expect((await owner.request.get(avatarUrl)).status()).toBe(404);
  await owner.context().close();
});
