import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { addDays, readOnlyUntil, todayIso } from "../../src/domain/dates";
import { SERVICE_END_MESSAGES, serviceEndHeading } from "../../src/domain/serviceEnd";
import { pregnancies, pregnancyParticipants } from "../../worker/db/schema";
import { familyWithGrandparent, inDb, secondBrowser } from "./family";
import { clickEverything, pageDate } from "./readOnly";
import { expect, signInThroughApi, test, trpcMutation } from "./support";

/** The screens the read-only view is checked on, each with what shows once it has loaded. */
const SCREENS = [
  { path: "/dashboard", loaded: (page: Page) => page.getByRole("heading", { name: "Latest updates" }) },
  { path: "/calendar", loaded: (page: Page) => page.getByRole("group", { name: "View" }) },
  { path: "/posts", loaded: (page: Page) => page.getByRole("article", { name: /^Post by / }) },
  { path: "/photos", loaded: (page: Page) => page.getByRole("heading", { name: "Album" }) },
  { path: "/waiting-room", loaded: (page: Page) => page.getByRole("article", { name: /^Message from / }) },
] as const;

/** What the read-only view must not offer, and its one line saying why. */
async function expectReadOnlyView(page: Page, reason: string) {
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(screen.loaded(page).first()).toBeVisible();
    await expect(page.getByText(reason)).toHaveCount(1);
    const main = page.getByRole("main");
    await expect(main.getByText(/Countdown|days? to go|Weeks pregnant|Trimester|This week's size/)).toHaveCount(0);
    await expect(main.getByRole("group", { name: /^Your answer for/ })).toHaveCount(0);
    await expect(main.getByRole("textbox")).toHaveCount(0);
    await expect(main.getByRole("button", { name: /^(Upload photos|Add event|Suggested milestones|Activate Waiting Room|Like|Reply|Post|Post comment|Edit|Delete|Attending|Maybe|Can't make it)$/ })).toHaveCount(0);
    expect(await clickEverything(page), `${screen.path}: requests that failed`).toEqual([]);
  }
}

test("after the service end, the owner and a guest see the pregnancy as it ended: no countdown, RSVP, composer, upload or leaving, one line saying why, and nothing that fails when clicked", async ({ page, request, baseURL, browser }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Ended Family");
  const { pregnancyId } = family;
  const grandmaParticipant = await inDb(async (db) => (await db.select({ id: pregnancyParticipants.id }).from(pregnancyParticipants).where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.role, "guest"))))[0]!.id);

  // While the service lasts: an event Grandma is invited to, a post, a message in the room.
  await signInThroughApi(page, family.owner.email, family.owner.password);
  const event = await trpcMutation<{ id: string }>(page.request, "calendar.create", { pregnancyId, id: crypto.randomUUID(), title: "Naming party", date: addDays(todayIso(), 3), category: "celebration", privacyLevel: "immediate-family" });
  await trpcMutation(page.request, "calendar.invite", { pregnancyId, eventId: event.id, participantIds: [grandmaParticipant] });
  await trpcMutation(page.request, "posts.create", { pregnancyId, id: crypto.randomUUID(), content: "<p>Home at last</p>", privacyLevel: "immediate-family" });
  await trpcMutation(page.request, "waitingRoom.messages.send", { pregnancyId, id: crypto.randomUUID(), content: "Thank you all for waiting with us" });

  // The twelve weeks after the due date ended yesterday.
  const serviceEnd = addDays(todayIso(), -1);
  await inDb((db) => db.update(pregnancies).set({ dueDate: addDays(serviceEnd, -84), serviceEndDate: serviceEnd }).where(eq(pregnancies.id, pregnancyId)));
  const reason = SERVICE_END_MESSAGES.readOnlyLine(await pageDate(page, serviceEnd), await pageDate(page, readOnlyUntil(serviceEnd)));

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: family.title })).toBeVisible();
  await expect(page.getByText("Service ended", { exact: true })).toBeVisible();
  await expectReadOnlyView(page, reason);

  const grandma = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
  await grandma.goto("/dashboard");
  await expect(grandma.getByRole("heading", { name: family.title })).toBeVisible();
  await expect(grandma.getByRole("link", { name: "Naming party" })).toBeVisible();
  await expectReadOnlyView(grandma, reason);
  // A guest's registry: the parents' lists to open, no suggestion form.
  await grandma.goto("/registry");
  await expect(grandma.getByText(reason)).toBeVisible();
  await expect(grandma.getByRole("main").getByRole("textbox")).toHaveCount(0);
  expect(await clickEverything(grandma), "/registry: requests that failed").toEqual([]);
  // Her Settings: the pregnancy cannot be left (the server refuses it), her account is still hers.
  await grandma.goto("/settings");
  await expect(grandma.getByRole("region", { name: "Pregnancy details" })).toBeVisible();
  await expect(grandma.getByText(reason)).toHaveCount(1);
  await expect(grandma.getByRole("main").getByRole("button", { name: /^(Leave this pregnancy|Invite a guest)$/ })).toHaveCount(0);
  await expect(grandma.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Delete account" })).toBeVisible();
  await grandma.context().close();
});

test("on the last day, the parents' notice says what changes until dismissed, and a guest sees a short notice", async ({ page, request, baseURL, browser }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Last Day Family");
  const lastDay = todayIso();
  await inDb((db) => db.update(pregnancies).set({ dueDate: addDays(lastDay, -84), serviceEndDate: lastDay, timeZone: "UTC" }).where(eq(pregnancies.id, family.pregnancyId)));
  // The daily job's run (the API test moves its clock; here it runs now).
  const run = await request.post("/api/dev/service-end-notices", { data: { now: new Date().toISOString() } });
  expect(run.ok()).toBe(true);

  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/dashboard");
  const notice = page.getByRole("region", { name: serviceEndHeading(family.title, 0) });
  await expect(notice).toBeVisible();
  await expect(notice.getByText(/read-only for 7 years/)).toBeVisible();
  await expect(notice.getByText(/download everything in it from Settings/)).toBeVisible();
  await expect(notice.getByText(/Your guests will see it as it is on that day/)).toBeVisible();
  await expect(page.getByText(SERVICE_END_MESSAGES.guestLastDay(family.title))).toHaveCount(0);
  await notice.getByRole("button", { name: SERVICE_END_MESSAGES.dismissLabel(family.title) }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: family.title })).toBeVisible();
  await expect(page.getByRole("region", { name: serviceEndHeading(family.title, 0) })).toHaveCount(0);

  const grandma = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
  await grandma.goto("/dashboard");
  await expect(grandma.getByText(SERVICE_END_MESSAGES.guestLastDay(family.title))).toBeVisible();
  await expect(grandma.getByRole("region", { name: serviceEndHeading(family.title, 0) })).toHaveCount(0);
  await grandma.context().close();
});
