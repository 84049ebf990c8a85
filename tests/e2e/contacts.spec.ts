import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { demoMember } from "../../scripts/demo-family";
import { addDays, todayIso } from "../../src/domain/dates";
import { ROUTE_TEXTS } from "../../src/domain/errors";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { calendarEvents, eventParticipants, pregnancyParticipants, users } from "../../worker/db/schema";
import { familyWithGrandparent, inDb, openDb } from "./family";
import { expect, expectAccessible, fastForwardUntilVisible, payingFamily, signInThroughApi, test } from "./support";

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** An event in the demo calendar that Sam answered 'attending'; the returned function removes it again. */
async function samAttends(title: string): Promise<() => Promise<void>> {
  const { db, close } = openDb();
  try {
    const userIdOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const [oliviaId, samId] = await Promise.all([userIdOf(demoMember("olivia").email), userIdOf(demoMember("sam").email)]);
    const [owner] = await db
      .select({ pregnancyId: pregnancyParticipants.pregnancyId })
      .from(pregnancyParticipants)
      .where(and(eq(pregnancyParticipants.userId, oliviaId), eq(pregnancyParticipants.role, "owner")));
    const [event] = await db
      .insert(calendarEvents)
      .values({ pregnancyId: owner!.pregnancyId, title, date: addDays(todayIso(), 21), time: "14:00:00", category: "celebration", privacyLevel: "friends" })
      .returning({ id: calendarEvents.id });
    await db.insert(eventParticipants).values({ eventId: event!.id, userId: samId, rsvpStatus: "attending", respondedAt: new Date() });
    return async () => {
      const handle = openDb();
      try {
        await handle.db.delete(calendarEvents).where(eq(calendarEvents.id, event!.id));
      } finally {
        await handle.close();
      }
    };
  } finally {
    await close();
  }
}

test("the demo owner finds the family on /contacts, filters by name and email, and opens a guest's RSVP history", async ({ page }, testInfo) => {
  const showerTitle = `Baby shower (${testInfo.project.name} ${Date.now()})`;
  const removeEvent = await samAttends(showerTitle);
  try {
    await signInThroughApi(page, demoMember("olivia").email);
    await page.goto("/contacts");
    await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();

    const parents = page.getByRole("region", { name: "Parents" });
    await expect(parents.getByRole("article", { name: "Olivia Parker" })).toContainText("Mom");
    await expect(parents.getByRole("article", { name: "Noah Parker" })).toContainText("Dad");
    const family = page.getByRole("region", { name: "Family and friends" });
    for (const key of ["grandma", "maya", "sam"] as const) {
      const member = demoMember(key);
      const card = family.getByRole("article", { name: `${member.firstName} ${member.lastName}` });
      await expect(card).toContainText(member.title);
      await expect(card.getByRole("link", { name: member.email })).toHaveAttribute("href", `mailto:${member.email}`);
    }
    await expect(family.getByRole("article", { name: "Helen Parker" })).toContainText("Grandparent");
    await expect(page.getByRole("region", { name: "Medical contacts" }).getByRole("link", { name: "Open medical contacts" })).toHaveAttribute("href", "/health/medical-contacts");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The search matches names and emails; what it hides comes back when it is cleared.
    const search = page.getByRole("searchbox", { name: "Search contacts" });
    await search.fill("MAYA");
    await expect(page.getByRole("article", { name: "Maya Reed" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: "1 contact found" })).toBeAttached();
    await search.fill("sam.friend@");
    await expect(page.getByRole("article", { name: "Sam Lee" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Maya Reed" })).toHaveCount(0);
    await search.fill("nobody-here");
    await expect(page.getByText('No contacts match "nobody-here".')).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
    await search.fill("");
    await expect(page.getByRole("article", { name: "Helen Parker" })).toBeVisible();

    // Sam's history lists the shower he said yes to; Escape closes it and gives focus back.
    const samCard = page.getByRole("article", { name: "Sam Lee" });
    await expect(samCard).toContainText(/RSVPs: [1-9]\d* attending/);
    const openSam = samCard.getByRole("button", { name: "RSVP history for Sam Lee" });
    await openSam.click();
    const dialog = page.getByRole("dialog", { name: "RSVP history for Sam Lee" });
    const shower = dialog.getByRole("listitem").filter({ hasText: showerTitle });
    await expect(shower).toContainText("Attending");
    await expect(shower).toContainText("2:00 PM · Celebration");
    await expect(shower).toContainText("Answered");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(openSam).toBeFocused();

    await page.getByRole("button", { name: "RSVP history for Noah Parker" }).click();
    await expect(page.getByRole("dialog", { name: "RSVP history for Noah Parker" })).toContainText("No invitations yet");
  } finally {
    await removeEvent();
  }
});

test("@desktop an RSVP history that fails to load says so and loads on Try Again", async ({ page }) => {
  await page.clock.install();
  await signInThroughApi(page, demoMember("olivia").email);
  await page.goto("/contacts");
  // Network failures are retried (core spec 9) before the error shows.
  await page.route("**/api/trpc/*contacts.rsvpHistory*", (route) => route.abort());
  await page.getByRole("button", { name: "RSVP history for Helen Parker" }).click();
  const dialog = page.getByRole("dialog", { name: "RSVP history for Helen Parker" });
  await fastForwardUntilVisible(page, dialog.getByRole("alert").filter({ hasText: "Failed to load RSVP history" }));
  await expectAccessible(page);
  await page.unroute("**/api/trpc/*contacts.rsvpHistory*");
  await dialog.getByRole("button", { name: "Try Again" }).click();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(dialog.getByRole("list").or(dialog.getByText("No invitations yet"))).toBeVisible();
});

test("@desktop a new family without guests is pointed to Settings to invite them", async ({ page }) => {
  await payingFamily(page, "contacts-new", "basic");
  await page.goto("/contacts");
  const family = page.getByRole("region", { name: "Family and friends" });
  await expect(family).toContainText("You haven't invited any family or friends yet.");
  await expect(family.getByRole("link", { name: "Invite family and friends" })).toHaveAttribute("href", "/settings#family");
  await expect(page.getByRole("region", { name: "Parents" }).getByRole("article")).toHaveCount(1);
  await expectAccessible(page);
});

test("@desktop a guest with canViewContacts reads the family's contacts, read-only; a guest without it gets 'Limited Access'", async ({ page, request, baseURL }) => {
  // Demo Grandma has the guest defaults: no canViewContacts.
  await signInThroughApi(page, demoMember("grandma").email);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: ROUTE_TEXTS.limitedAccess, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: `Contacts (${ROUTE_TEXTS.limitedAccess})` })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("searchbox", { name: "Search contacts" })).toHaveCount(0);
  await expectAccessible(page);

  const family = await familyWithGrandparent(request, baseURL!, "Contacts Guests");
  await inDb(async (db) => {
    await db.update(pregnancyParticipants).set({ permissions: { ...GUEST_DEFAULT_PERMISSIONS, canViewContacts: true } }).where(eq(pregnancyParticipants.userId, family.grandma.userId));
    await db.insert(pregnancyParticipants).values({ pregnancyId: family.pregnancyId, role: "guest", status: "invited", invitedEmail: `not.yet.${Date.now()}@example.test`, invitedFirstName: "Notyet", invitedLastName: "Joined" });
  });
  await page.context().clearCookies();
  await signInThroughApi(page, family.grandma.email, family.grandma.password);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Parents" }).getByRole("article", { name: family.owner.name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Family and friends" }).getByRole("article", { name: family.grandma.name })).toContainText(family.grandma.email);
  await expect(page.getByRole("link", { name: "Contacts", exact: true })).toBeVisible();
  // Read-only: no open invitations, no circles, nothing to invite or change, no parents' health contacts.
  await expect(page.getByText("Notyet Joined")).toHaveCount(0);
  await expect(page.getByText(/^Sees:|· Sees:/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Invite family and friends" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Open medical contacts" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Add|Edit|Delete|Remove|Import)\b/ })).toHaveCount(0);
  await expectAccessible(page);
});
