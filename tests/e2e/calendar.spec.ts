import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { TIME_MESSAGES } from "../../src/domain/time";
import { calendarEvents, eventParticipants, pregnancyParticipants } from "../../worker/db/schema";
import { addDays, todayIso } from "../../src/domain/dates";
import { EVENT_SAVED_TOASTS } from "../../src/domain/calendar";
import { photoWeekOn } from "../../src/domain/photos";
import { addFamilyGuest, familyWithGrandparent, inDb, openDb, secondBrowser } from "./family";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { DEMO_DAYS_UNTIL_DUE } from "../../scripts/demo-family";
import { expect, expectAccessible, mailedLink, payingFamily, signIn, signInThroughApi, test, trpcMutation, uniqueEmail } from "./support";

const GRANDMA = "grandma@example.com";
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const monthHeading = (date: string) => new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

async function eventsTitled(title: string) {
  const { db, close } = openDb();
  try {
    return await db.select({ id: calendarEvents.id, time: calendarEvents.time, category: calendarEvents.category }).from(calendarEvents).where(eq(calendarEvents.title, title));
  } finally {
    await close();
  }
}

test("the demo owner plans a medical appointment at 2:30 PM, invites Grandma, who answers from the mail and the event page; the owner sees it", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const title = `Ultrasound ${testInfo.project.name} ${Date.now()}`;
  await signInThroughApi(page, "olivia@example.com");
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: "View" }).getByRole("button", { name: "Month" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);

  // An invalid time is refused in the form with the reason, and nothing is saved.
  await page.getByRole("button", { name: "Add event" }).click();
  const form = page.getByRole("dialog", { name: "Add event" });
  await form.getByLabel("Title").fill(`${title} (bad time)`);
  await form.getByLabel("Time").fill("25:30");
  await form.getByRole("button", { name: "Save event" }).click();
  await expect(form.getByText(TIME_MESSAGES.hourOutOfRange)).toBeVisible();
  await expect(form.getByLabel("Time")).toHaveAttribute("aria-invalid", "true");
  await form.getByRole("button", { name: "Cancel" }).click();
  expect(await eventsTitled(`${title} (bad time)`)).toEqual([]);

  // A medical event at '2:30 PM' shows at once and is stored as 14:30:00.
  await page.getByRole("button", { name: "Add event" }).click();
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Time").fill("2:30 PM");
  await expect(form.getByLabel("Category")).toHaveValue("medical");
  await form.getByLabel("Location").fill("City Hospital, floor 2");
  await form.getByLabel("Questions for your provider").fill("Is the baby head down yet?");
  await form.getByRole("button", { name: "Save event" }).click();
  await expect(form).toBeHidden();
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Agenda" }).click();
  const eventButton = page.getByRole("button", { name: new RegExp(title) });
  await expect(eventButton).toContainText("2:30 PM");
  await expect.poll(async () => (await eventsTitled(title)).map((e) => [e.time, e.category])).toEqual([["14:30:00", "medical"]]);

  // The owner opens it and invites Grandma.
  await eventButton.click();
  const details = page.getByRole("dialog", { name: title });
  await expect(details).toContainText("Questions for the provider");
  await expect(details).toContainText("No one invited yet.");
  const eventId = new URL(page.url()).searchParams.get("event");
  expect(eventId).toMatch(/^[0-9a-f-]{36}$/);
  await details.getByRole("button", { name: "Invite people" }).click();
  const invite = page.getByRole("dialog", { name: `Invite to ${title}` });
  await invite.getByRole("checkbox", { name: /Helen Parker/ }).check();
  await invite.getByRole("button", { name: "Send invitations" }).click();
  await expect(toast(page, "Invitations sent")).toBeVisible();
  await expect(details.getByRole("list", { name: "Invited" })).toContainText("Awaiting reply");

  // Grandma answers from the mail's one-click link, without signing in.
  const link = await mailedLink(page, GRANDMA, new RegExp(`You're invited: ${title}`), /https?:\/\/\S+\/rsvp\/[0-9a-f-]+\?answer=attending/);
  const grandma = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  await grandma.goto(link);
  await expect(grandma.getByRole("heading", { name: "Event invitation" })).toBeVisible();
  await expect(grandma.getByText(title)).toBeVisible();
  await expect(grandma.getByText("Your answer: Attending")).toBeVisible();
  await expect(grandma.getByRole("button", { name: "Attending" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(grandma);

  // The owner's open event updates live.
  await expect(details.getByRole("list", { name: "Invited" })).toContainText("Attending");
  await expect(details).toContainText("Expected guests: 1");

  // Signed in, Grandma changes her answer on the event page, then comes back to attending.
  await signInThroughApi(grandma, GRANDMA);
  await grandma.goto(`/events/${eventId}`);
  await expect(grandma.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const answers = grandma.getByRole("group", { name: `Your answer for ${title}` });
  await answers.getByRole("button", { name: "Maybe" }).click();
  await expect(grandma.getByText("Your answer: Maybe")).toBeVisible();
  await expect(details.getByRole("list", { name: "Invited" })).toContainText("Maybe");
  await answers.getByRole("button", { name: "Attending" }).click();
  await expect(grandma.getByText("Your answer: Attending")).toBeVisible();
  await expectAccessible(grandma);
  await expect(details.getByRole("list", { name: "Invited" })).toContainText("Attending");

  // Grandma's own calendar (the guest defaults hold canViewCalendarEvents) lists the event she is invited to.
  await grandma.goto("/calendar?view=agenda");
  await expect(grandma.getByRole("button", { name: new RegExp(title) })).toBeVisible();

  // The owner deletes the event after confirming; it goes for Grandma too.
  await details.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete this event?" }).getByRole("button", { name: "Delete event" }).click();
  await expect(page.getByRole("button", { name: new RegExp(title) })).toBeHidden();
  await expect.poll(async () => (await eventsTitled(title)).length).toBe(0);
  await grandma.goto(link);
  await expect(grandma.getByText("This invitation link is no longer valid")).toBeVisible();
  await grandma.context().close();
});

test("month and week views: Previous/Next move by month and week, a day lists its events, and nothing overflows on a phone", async ({ page }) => {
  await signInThroughApi(page, "olivia@example.com");
  await page.goto("/calendar?date=2026-03-15");
  await expect(page.getByRole("heading", { name: "March 2026" })).toBeVisible();
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(page.getByRole("heading", { name: "April 2026" })).toBeVisible();
  await page.getByRole("gridcell", { name: /^Wednesday, April 15/ }).click();
  await expect(page.getByRole("heading", { name: "Wednesday, April 15" })).toBeVisible();
  await expect(page.getByText("Nothing planned on this day.")).toBeVisible();
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Week" }).click();
  await expect(page.getByRole("heading", { name: /Apr 13 – Apr 19, 2026/ })).toBeVisible();
  await page.getByRole("button", { name: "Previous week" }).click();
  await expect(page.getByRole("heading", { name: /Apr 6 – Apr 12, 2026/ })).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("a ?date= link opens that month and that day's list", async ({ page }) => {
  await signInThroughApi(page, "olivia@example.com");
  await page.goto("/calendar?date=2026-03-18");
  await expect(page.getByRole("heading", { name: "March 2026" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Wednesday, March 18" })).toBeVisible();
  await expect(page.getByRole("gridcell", { name: /^Wednesday, March 18/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Nothing planned on this day.")).toBeVisible();
});

test("a new family adds suggested milestones; the due date lands on the pregnancy's due date and added ones show as added", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Milestone Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/calendar?view=agenda");
  await expect(page.getByText("Nothing planned in these months.")).toBeVisible();
  await page.getByRole("button", { name: "Suggested milestones" }).click();
  const dialog = page.getByRole("dialog", { name: "Suggested milestones" });
  await dialog.getByRole("checkbox", { name: /^Due date/ }).check();
  await dialog.getByRole("checkbox", { name: /^Hospital bag ready/ }).check();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Add to calendar" }).click();
  await expect(toast(page, "Milestones added")).toBeVisible();
  await expect(dialog).toBeHidden();
  // familyWithGrandparent's due date is 10 days from today: inside the agenda's three months.
  const dueDate = page.getByRole("button", { name: /^Due date\b/ });
  await expect(dueDate).toBeVisible();
  await dueDate.click();
  await expect(page.getByRole("dialog", { name: "Due date" })).toContainText(new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${addDays(todayIso(), 10)}T00:00:00Z`)));
  await page.getByRole("dialog", { name: "Due date" }).getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Suggested milestones" }).click();
  await expect(dialog.getByRole("checkbox", { name: /^Due date/ })).toBeDisabled();
  await expect(dialog.getByRole("checkbox", { name: /^Due date/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Archiving hides an event; 'Show archived events' brings it back to restore.
  await dueDate.click();
  await page.getByRole("dialog", { name: "Due date" }).getByRole("button", { name: "Archive" }).click();
  await expect(dueDate).toBeHidden();
  await page.getByRole("switch", { name: "Show archived events" }).click();
  await expect(dueDate).toContainText("Archived");
  await dueDate.click();
  await page.getByRole("dialog", { name: "Due date" }).getByRole("button", { name: "Restore" }).click();
  await page.getByRole("switch", { name: "Show archived events" }).click();
  await expect(dueDate).toBeVisible();
  await expect(dueDate).not.toContainText("Archived");
});

test("saving an event says so and opens its month and day; the form follows the category; photos start at the current week", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Saving Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/calendar");
  await page.getByRole("button", { name: "Add event" }).click();
  const form = page.getByRole("dialog", { name: "Add event" });
  const audience = form.getByLabel("Who can see it");
  const questions = form.getByLabel("Questions for your provider");

  // Medical (the default) stays with the parents and asks for the provider's questions.
  await expect(form.getByLabel("Category")).toHaveValue("medical");
  await expect(audience).toHaveValue("parents-only");
  await expect(questions).toBeVisible();
  // A celebration is for the family and has no medical fields.
  await form.getByLabel("Category").selectOption("celebration");
  await expect(audience).toHaveValue("extended-family");
  await expect(questions).toBeHidden();
  await form.getByLabel("Category").selectOption("medical");
  await expect(audience).toHaveValue("parents-only");
  await expect(questions).toBeVisible();
  // An audience the parent picked stays when the category changes.
  await audience.selectOption("friends");
  await form.getByLabel("Category").selectOption("celebration");
  await expect(audience).toHaveValue("friends");
  await expectAccessible(page);

  // Saved two months ahead: the toast names it, the calendar shows that month with the day chosen.
  const date = addDays(todayIso(), 62);
  const title = `Baby shower ${Date.now()}`;
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Date", { exact: true }).fill(date);
  await form.getByRole("button", { name: "Save event" }).click();
  await expect(toast(page, EVENT_SAVED_TOASTS.created)).toContainText(title);
  await expect(page.getByRole("heading", { name: monthHeading(date), level: 2 })).toBeVisible();
  const dayName = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
  await expect(page.getByRole("gridcell", { name: `${dayName}, 1 event` })).toHaveAttribute("aria-selected", "true");
  const dayList = page.getByRole("region", { name: dayName });
  await expect(dayList.getByRole("button", { name: new RegExp(title) })).toBeInViewport();
  await expectAccessible(page);

  // The upload form dates photos by the pregnancy's week today (due in 10 days: week 38).
  await page.goto("/photos");
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.getByRole("dialog", { name: "Upload photos" }).getByLabel("Week")).toHaveValue(String(photoWeekOn(addDays(todayIso(), 10), todayIso())));
});

test("@desktop a guest with the default flags opens her calendar, sees what she may and answers there; a guest without the flag gets 'Limited Access'", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Calendar Guests");
  const date = addDays(todayIso(), 3);
  const stamp = Date.now();
  const titles = { invited: `Scan for Nana ${stamp}`, family: `Family lunch ${stamp}`, hidden: `Parents' checkup ${stamp}` };
  await inDb(async (db) => {
    const rows = await db
      .insert(calendarEvents)
      .values([
        { pregnancyId: family.pregnancyId, title: titles.invited, date, category: "medical", privacyLevel: "parents-only" },
        { pregnancyId: family.pregnancyId, title: titles.family, date, category: "family", privacyLevel: "immediate-family" },
        { pregnancyId: family.pregnancyId, title: titles.hidden, date, category: "medical", privacyLevel: "parents-only" },
      ])
      .returning({ id: calendarEvents.id, title: calendarEvents.title });
    await db.insert(eventParticipants).values({ eventId: rows.find((r) => r.title === titles.invited)!.id, userId: family.grandma.userId, rsvpStatus: "pending" });
  });

  await signIn(page, family.grandma.email, family.grandma.password);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Calendar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Agenda" }).click();
  await expect(page.getByRole("button", { name: new RegExp(titles.family) })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(titles.hidden) })).toHaveCount(0);
  // Read-only: without canEditCalendar nothing to add, and no parents' switches.
  await expect(page.getByRole("button", { name: "Add event" })).toHaveCount(0);
  await expect(page.getByRole("switch", { name: "Show archived events" })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("button", { name: new RegExp(titles.invited) }).click();
  const details = page.getByRole("dialog", { name: titles.invited });
  await expect(details.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await details.getByRole("group", { name: `Your answer for ${titles.invited}` }).getByRole("button", { name: "Attending" }).click();
  await expect(details.getByText("Your answer: Attending")).toBeVisible();
  await expectAccessible(page);
  await expect
    .poll(() => inDb((db) => db.select({ status: eventParticipants.rsvpStatus }).from(eventParticipants).where(eq(eventParticipants.userId, family.grandma.userId))))
    .toEqual([{ status: "attending" }]);

  // A guest the parents keep out of the calendar: 'Limited Access' in the shell, and the route refuses.
  const cousin = await addFamilyGuest(request, baseURL!, family.pregnancyId, { firstName: "Cora", title: "Cousin Cora", relationship: "cousin" });
  await inDb((db) =>
    db
      .update(pregnancyParticipants)
      .set({ permissions: { ...GUEST_DEFAULT_PERMISSIONS, canViewCalendarEvents: false } })
      .where(eq(pregnancyParticipants.userId, cousin.userId)),
  );
  await page.context().clearCookies();
  await signIn(page, cousin.email, cousin.password);
  const item = nav.getByRole("link", { name: "Calendar (Limited Access)" });
  await expect(item).toHaveAttribute("aria-disabled", "true");
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { name: "Limited Access", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toHaveCount(0);
  await expectAccessible(page);
});

test("@desktop right after inviting two relatives, an event's invitation lists them as invited, not joined yet, instead of 'No one has joined'", async ({ page }) => {
  const { pregnancyId } = await payingFamily(page, "eventinvitees", "basic");
  for (const [firstName, relationship] of [["Gran", "grandparent"], ["Kiri", "aunt-uncle"]] as const)
    await trpcMutation(page.request, "invitations.inviteGuest", { pregnancyId, email: uniqueEmail(firstName.toLowerCase()), firstName, lastName: "Relative", relationship });
  const eventId = crypto.randomUUID();
  const date = addDays(todayIso(), 7);
  await trpcMutation(page.request, "calendar.create", { pregnancyId, id: eventId, title: "Gender reveal", date, time: "", category: "celebration", location: "", notes: "", questions: "", privacyLevel: "extended-family" });

  await page.goto(`/calendar?date=${date}&event=${eventId}`);
  await page.getByRole("dialog", { name: "Gender reveal" }).getByRole("button", { name: "Invite people" }).click();
  const invite = page.getByRole("dialog", { name: "Invite to Gender reveal" });
  const notJoined = invite.getByRole("region", { name: "Invited, not joined yet" });
  await expect(notJoined.getByRole("listitem")).toHaveCount(2);
  await expect(notJoined.getByRole("listitem").filter({ hasText: "Gran Relative" })).toContainText("Not joined yet");
  await expect(notJoined.getByRole("listitem").filter({ hasText: "Kiri Relative" })).toContainText("Not joined yet");
  await expect(notJoined).toContainText("They can be invited to this event once they accept your invitation to the pregnancy.");
  // Nothing to choose until they join, and no claim that no one was invited.
  await expect(invite.getByRole("checkbox")).toHaveCount(0);
  await expect(invite.getByRole("button", { name: "Send invitations" })).toBeDisabled();
  await expect(invite).not.toContainText("No one has joined");
  await expectAccessible(page);
});

test("@desktop a guest who sees an event she is not invited to reads that only invited people answer it, on its page and in her calendar", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Uninvited Guest");
  const date = addDays(todayIso(), 4);
  const title = `Family barbecue ${Date.now()}`;
  const [event] = await inDb((db) => db.insert(calendarEvents).values({ pregnancyId: family.pregnancyId, title, date, category: "family", privacyLevel: "immediate-family" }).returning({ id: calendarEvents.id }));
  await signInThroughApi(page, family.grandma.email, family.grandma.password);
  await page.goto(`/events/${event!.id}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText("Only the people invited to this event answer it.")).toBeVisible();
  await expect(page.getByRole("group", { name: `Your answer for ${title}` })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/calendar?date=${date}&event=${event!.id}`);
  const details = page.getByRole("dialog", { name: title });
  await expect(details.getByText("Only the people invited to this event answer it.")).toBeVisible();
  await expect(details.getByRole("button", { name: "Attending" })).toHaveCount(0);
});

test("@desktop the month grid is one tab stop: arrows move a day or a week, Home/End to the week's ends, Page Up/Down a month, Enter and Space select", async ({ page }) => {
  await signInThroughApi(page, "olivia@example.com");
  await page.goto("/calendar?date=2026-03-15");
  await expect(page.getByRole("grid", { name: "March 2026" })).toBeVisible();
  const cell = (day: string) => page.getByRole("gridcell", { name: new RegExp(`^${day}, `) });

  // One Tab from the control before it reaches the grid's day (the ?date= link's, selected), the next Tab leaves the grid.
  await page.getByRole("button", { name: "Next month" }).focus();
  await page.keyboard.press("Tab");
  await expect(cell("Sunday, March 15")).toBeFocused();
  await expect(cell("Sunday, March 15")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body && document.activeElement.closest("[role=grid]") === null)).toBe(true);
  await page.keyboard.press("Shift+Tab");
  await expect(cell("Sunday, March 15")).toBeFocused();

  for (const [key, day] of [
    ["ArrowRight", "Monday, March 16"],
    ["ArrowDown", "Monday, March 23"],
    ["ArrowLeft", "Sunday, March 22"],
    ["ArrowUp", "Sunday, March 15"],
    ["Home", "Monday, March 9"],
    ["End", "Sunday, March 15"],
  ]) {
    await page.keyboard.press(key!);
    await expect(cell(day!)).toBeFocused();
  }
  await page.keyboard.press("PageDown");
  await expect(page.getByRole("grid", { name: "April 2026" })).toBeVisible();
  await expect(cell("Wednesday, April 15")).toBeFocused();
  await page.keyboard.press("PageUp");
  await expect(page.getByRole("grid", { name: "March 2026" })).toBeVisible();
  await expect(cell("Sunday, March 15")).toBeFocused();
  // Past the month's last week the grid shows the next month.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(cell("Sunday, March 29")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("grid", { name: "April 2026" })).toBeVisible();
  await expect(cell("Sunday, April 5")).toBeFocused();

  // Enter selects the day and lists its events below; Space selects another.
  await page.keyboard.press("Enter");
  await expect(cell("Sunday, April 5")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Sunday, April 5" })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press(" ");
  await expect(cell("Saturday, April 4")).toHaveAttribute("aria-selected", "true");
  await expect(cell("Sunday, April 5")).toHaveAttribute("aria-selected", "false");
  await expect(cell("Saturday, April 4")).toBeFocused();
  await expectAccessible(page);
});

test("@desktop closing a dialog by Esc or its Close button returns focus to the control that opened it", async ({ page }) => {
  await signInThroughApi(page, "olivia@example.com");
  await page.goto(`/calendar?view=agenda&date=${addDays(todayIso(), DEMO_DAYS_UNTIL_DUE)}`);
  const opener = page.getByRole("button", { name: /^Due date\b/ });
  const details = page.getByRole("dialog", { name: "Due date" });

  await opener.press("Enter");
  await expect(details).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.press("Enter");
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();
  await expect(opener).toBeFocused();

  // A dialog opened from a dialog returns there, then the first one to the page.
  await opener.press("Enter");
  const inviteButton = details.getByRole("button", { name: "Invite people" });
  await inviteButton.press("Enter");
  await expect(page.getByRole("dialog", { name: "Invite to Due date" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Invite to Due date" })).toBeHidden();
  await expect(inviteButton).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(opener).toBeFocused();

  // The shared dialog does the same for the page's own buttons.
  const addEvent = page.getByRole("button", { name: "Add event" });
  await addEvent.press("Enter");
  await page.getByRole("dialog", { name: "Add event" }).getByRole("button", { name: "Close" }).click();
  await expect(addEvent).toBeFocused();
});
