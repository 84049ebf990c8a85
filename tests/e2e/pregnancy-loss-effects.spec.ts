/**
 * Issue 38, the screens outside Settings: after a loss the baby game and the waiting room read as
 * closed in one line, the registry asks for no suggestions, the photos offer no bump-photo ideas,
 * and a message the parents sent without replies shows no like or comment.
 * The loss is set in the database, as recording it does (pregnancies.loss_recorded_at).
 */
import { eq } from "drizzle-orm";
import { LOSS_TEXTS } from "../../src/domain/pregnancyLoss";
import { pregnancies, pregnancyBabies, posts } from "../../worker/db/schema";
import { familyWithGrandparent, inDb } from "./family";
import { expect, expectAccessible, signInThroughApi, test } from "./support";

test("after a loss the game and the waiting room read closed, nothing asks for baby things, and a message without replies offers none", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Quiet Family");
  await inDb(async (db) => {
    await db.insert(pregnancyBabies).values({ pregnancyId: family.pregnancyId, name: "Bean", birthOrder: 1 });
    await db.update(pregnancies).set({ lossRecordedAt: new Date() }).where(eq(pregnancies.id, family.pregnancyId));
    await db.insert(posts).values({
      pregnancyId: family.pregnancyId,
      authorId: family.owner.userId,
      content: "<p>We lost our baby. Thank you for your love.</p>",
      privacyLevel: "parents-only",
      audienceUserIds: [family.grandma.userId],
      repliesAllowed: false,
      kind: "loss-message",
    });
  });

  await signInThroughApi(page, family.grandma.email, family.grandma.password);
  await page.goto("/baby-game");
  await expect(page.getByText(LOSS_TEXTS.gameClosed)).toBeVisible();
  await expect(page.getByRole("form", { name: "Your guess for Bean" })).toHaveCount(0);
  await expect(page.getByText("Bean")).toHaveCount(0);

  await page.goto("/posts");
  const message = page.getByRole("article").filter({ hasText: "We lost our baby." });
  await expect(message.getByText(LOSS_TEXTS.noRepliesLine)).toBeVisible();
  await expect(message.getByRole("button", { name: "Like" })).toHaveCount(0);
  await expect(message.getByRole("textbox")).toHaveCount(0);
  await expectAccessible(page);

  // No baby things asked for, and no ideas for bump or scan photos.
  await page.goto("/registry");
  await expect(page.getByText("The parents have not shared a registry yet.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Suggest an item" })).toHaveCount(0);
  await page.goto("/photos");
  await expect(page.getByRole("heading", { name: "Photo Album", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Inspiration" })).toHaveCount(0);

  await page.context().clearCookies();
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/waiting-room");
  await expect(page.getByText(LOSS_TEXTS.roomClosed)).toBeVisible();
  await expect(page.getByRole("button", { name: "Activate Waiting Room" })).toHaveCount(0);
});
