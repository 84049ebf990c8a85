import { eq } from "drizzle-orm";
import { PREGNANCY_DELETION_MESSAGES, PREGNANCY_DELETION_REMOVES } from "../../src/domain/pregnancyDeletion";
import { HAND_OVER_MESSAGES } from "../../src/domain/pregnancyHandOver";
import { pregnancyParticipants } from "../../worker/db/schema";
import { addFamilyGuest, familyWithGrandparent, openDb } from "./family";
import { expect, expectAccessible, signIn, test } from "./support";

test("the owner deletes their pregnancy from Settings: told what goes, types its title, lands on the way to start one", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Deleted Family");
  await signIn(page, family.owner.email, family.owner.password);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Ownership" });
  // No partner has joined, so handing over is not offered yet.
  await expect(section.getByText(HAND_OVER_MESSAGES.noPartner)).toBeVisible();
  await section.getByRole("button", { name: PREGNANCY_DELETION_MESSAGES.confirm }).click();

  const dialog = page.getByRole("dialog", { name: PREGNANCY_DELETION_MESSAGES.dialogTitle(family.title) });
  for (const item of PREGNANCY_DELETION_REMOVES) await expect(dialog.getByRole("listitem").filter({ hasText: item })).toBeVisible();
  const confirm = dialog.getByRole("button", { name: PREGNANCY_DELETION_MESSAGES.confirm });
  const titleField = dialog.getByLabel(PREGNANCY_DELETION_MESSAGES.typeTitle(family.title));
  await expect(confirm).toBeDisabled();
  await titleField.fill(family.title.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await expectAccessible(page);
  await titleField.fill(family.title);
  await confirm.click();

  // Nothing else to go to: the way to start a pregnancy, with the toast.
  await expect(page).toHaveURL(/\/become-parent$/);
  await expect(page.getByText(PREGNANCY_DELETION_MESSAGES.deletedToast(family.title))).toBeVisible();
  const calls = await page.request.get(`/api/trpc/pregnancy.details?input=${encodeURIComponent(JSON.stringify({ json: { pregnancyId: family.pregnancyId } }))}`);
  expect(calls.status()).toBe(403);
});

test("the owner hands the pregnancy to the partner: told what changes, billing included, then free to leave", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Handed Family");
  const partner = await addFamilyGuest(request, baseURL!, family.pregnancyId, { firstName: "Theo", title: "Dad" });
  const { db, close } = openDb();
  try {
    // Linking a partner has its own journey; here the joined partner's row is written directly.
    await db.update(pregnancyParticipants).set({ role: "partner", privacyLevel: "immediate-family" }).where(eq(pregnancyParticipants.userId, partner.userId));
  } finally {
    await close();
  }
  await signIn(page, family.owner.email, family.owner.password);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Ownership" });
  await section.getByRole("button", { name: HAND_OVER_MESSAGES.button(partner.name) }).click();

  const dialog = page.getByRole("dialog", { name: HAND_OVER_MESSAGES.dialogTitle(partner.name) });
  for (const line of HAND_OVER_MESSAGES.whatChanges(partner.name)) await expect(dialog.getByRole("listitem").filter({ hasText: line })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: HAND_OVER_MESSAGES.confirm(partner.name) }).click();

  await expect(page.getByText(HAND_OVER_MESSAGES.handedOverToast(partner.name))).toBeVisible();
  // Now the partner: no ownership to give away, and leaving is open to them.
  await expect(section).toBeHidden();
  await expect(page.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Leave this pregnancy" })).toBeVisible();
});
