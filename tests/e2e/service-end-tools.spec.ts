import type { Locator, Page } from "@playwright/test";
import superjson from "superjson";
import { addDays, readOnlyUntil, serviceEndDate, todayIso } from "../../src/domain/dates";
import { INSPIRATION_TEMPLATES, isFeaturedTemplate } from "../../src/domain/inspiration";
import { SERVICE_END_MESSAGES } from "../../src/domain/serviceEnd";
import { pregnancies, registrySuggestions } from "../../worker/db/schema";
import { eq } from "drizzle-orm";
import { familyWithGrandparent, inDb } from "./family";
import { clickEverything, pageDate } from "./readOnly";
import { expect, payingFamily, signInThroughApi, test, trpcMutation } from "./support";

/**
 * Each tool's page after the service end: what shows once it has loaded, and the buttons (by name)
 * that would only be refused by the server (READ_ONLY).
 */
const TOOLS: readonly { path: string; loaded: (page: Page) => Locator; refused?: RegExp }[] = [
  {
    path: "/registry",
    loaded: (page) => page.getByRole("heading", { name: "Our list" }),
    refused: /^(Add registry|Move Our list up|Move Our list down|Edit|Delete|Accept|Dismiss|Send suggestion)$/,
  },
  {
    path: "/baby-game",
    loaded: (page) => page.getByRole("heading", { name: "Your guess for Bean" }),
    refused: /^(Submit prediction|Edit your guess|Lock game and enter results|Add a guess for someone|Correct the results|Unlock game|Score the game.*)$/,
  },
  { path: "/health", loaded: (page) => page.getByRole("list", { name: "Health tools" }) },
  { path: "/health/vitamins", loaded: (page) => page.getByRole("list", { name: "Your supplements" }), refused: /^(Add supplement|Edit Iron|Remove Iron)$/ },
  { path: "/health/kicks", loaded: (page) => page.getByRole("list", { name: "Latest sessions" }), refused: /^(Start counting|Remove session of .*)$/ },
  { path: "/health/contractions", loaded: (page) => page.getByRole("heading", { name: "Earlier sessions" }), refused: /^(Start contraction|Remove contraction .*)$/ },
  { path: "/health/cravings", loaded: (page) => page.getByText("Pickles", { exact: true }), refused: /^(Log craving|Delete Pickles, .*)$/ },
  { path: "/health/symptoms", loaded: (page) => page.getByRole("heading", { name: "Timeline" }), refused: /^Log symptom$/ },
  { path: "/health/birth-plan", loaded: (page) => page.getByRole("link", { name: "Print view" }), refused: /^Clear choice/ },
  { path: "/health/hospital-bag", loaded: (page) => page.getByText("Slippers", { exact: true }), refused: /^(Add|Remove Slippers|Restore suggested items)$/ },
  { path: "/health/medical-contacts", loaded: (page) => page.getByRole("heading", { name: "Dr. Lee" }), refused: /^(Add contact|Edit Dr\. Lee|Delete Dr\. Lee)$/ },
];

/** Settings' sections of the pregnancy (the account's own, from sign-out to push on this device, are not the pregnancy's). */
const PREGNANCY_SECTIONS = ["Pregnancy details", "Babies", "Family & permissions", "Calendar subscription", "Your data"] as const;

test("after the service end, the owner's registry, baby game, health tools, inspiration and settings offer nothing the server would refuse, say why in one line, and nothing fails when clicked", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Tools Family");
  const { pregnancyId } = family;
  const scope = { pregnancyId, mode: "parent" };
  await signInThroughApi(page, family.owner.email, family.owner.password);

  // While the service lasts, the parents use every tool once.
  await trpcMutation(page.request, "pregnancy.addBaby", { ...scope, name: "Bean" });
  await trpcMutation(page.request, "registry.createOrUpdate", { ...scope, isCustom: true, name: "Our list", url: "https://example.com/our-list" });
  await inDb((db) => db.insert(registrySuggestions).values({ pregnancyId, suggestedBy: family.grandma.userId, name: "A warm blanket" }));
  await trpcMutation(page.request, "healthTrackers.vitamins.add", { ...scope, id: crypto.randomUUID(), name: "Iron" });
  const hourAgo = Date.now() - 60 * 60 * 1000;
  await trpcMutation(page.request, "healthTrackers.kicks.sync", { ...scope, sessions: [{ id: crypto.randomUUID(), babyId: null, startedAt: hourAgo, kickOffsetsMs: [0, 60_000], endedAt: hourAgo + 120_000 }] });
  await trpcMutation(page.request, "healthTrackers.contractions.sync", { ...scope, contractions: [{ id: crypto.randomUUID(), startedAt: hourAgo - 24 * 60 * 60 * 1000, endedAt: hourAgo - 24 * 60 * 60 * 1000 + 60_000 }] });
  const log = await page.request.post("/api/trpc/healthRecords.logs.sync", {
    data: superjson.serialize({ ...scope, logs: [{ id: crypto.randomUUID(), kind: "craving", name: "Pickles", loggedAt: new Date(hourAgo), loggedOn: todayIso() }] }),
  });
  expect(log.status(), await log.text()).toBe(200);
  await trpcMutation(page.request, "healthRecords.hospitalBag.add", { ...scope, id: crypto.randomUUID(), owner: "parent", name: "Slippers" });
  await trpcMutation(page.request, "healthRecords.medicalContacts.create", { ...scope, id: crypto.randomUUID(), kind: "provider", name: "Dr. Lee" });

  // The twelve weeks after the due date ended yesterday.
  const serviceEnd = addDays(todayIso(), -1);
  await inDb((db) => db.update(pregnancies).set({ dueDate: addDays(serviceEnd, -84), serviceEndDate: serviceEnd }).where(eq(pregnancies.id, pregnancyId)));
  const reason = SERVICE_END_MESSAGES.readOnlyLine(await pageDate(page, serviceEnd), await pageDate(page, readOnlyUntil(serviceEnd)));

  for (const tool of TOOLS) {
    await page.goto(tool.path);
    await expect(tool.loaded(page).first()).toBeVisible();
    await expect(page.getByText(reason), tool.path).toHaveCount(1);
    const main = page.getByRole("main");
    if (tool.refused) await expect(main.getByRole("button", { name: tool.refused }), tool.path).toHaveCount(0);
    await expect(main.getByRole("textbox"), tool.path).toHaveCount(0);
    await expect(main.getByRole("radio"), tool.path).toHaveCount(0);
    await expect(main.getByRole("switch"), tool.path).toHaveCount(0);
    await expect(main.getByRole("checkbox").and(page.locator(":enabled")), tool.path).toHaveCount(0);
    expect(await clickEverything(page), `${tool.path}: requests that failed`).toEqual([]);
  }
  // What was written stays to read: the guests' suggestion, the packed list's tick.
  await page.goto("/registry");
  await expect(page.getByRole("heading", { name: "A warm blanket" })).toBeVisible();
  await page.goto("/health/hospital-bag");
  await expect(page.getByRole("checkbox", { name: "Slippers" })).toBeDisabled();

  // Inspiration: favourites are the user's own and still work; no idea offers an upload.
  await page.goto("/photos?tab=inspiration");
  await expect(page.getByText(reason)).toHaveCount(1);
  const featured = INSPIRATION_TEMPLATES.find(isFeaturedTemplate)!;
  await page.getByRole("button", { name: `Favourite ${featured.title}` }).click();
  await expect(page.getByRole("button", { name: `Favourite ${featured.title}` })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: featured.title, exact: true }).click();
  const idea = page.getByRole("dialog", { name: featured.title });
  await expect(idea.getByRole("heading", { name: "Suggested prompts" })).toBeVisible();
  await expect(idea.getByRole("button", { name: "Use this idea" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  // An old link to an idea opens no upload either.
  await page.goto(`/photos?tab=album&template=${featured.id}`);
  await expect(page.getByRole("heading", { name: "Album", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Idea chosen: ${featured.title}` })).toHaveCount(0);

  // Settings: the pregnancy as it ended, read; the account's own settings stay.
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByText(reason)).toHaveCount(1);
  const details = page.getByRole("region", { name: "Pregnancy details" });
  await expect(details.getByText(family.title)).toBeVisible();
  await expect(page.getByRole("region", { name: "Babies" }).getByRole("heading", { name: "Bean" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Family & permissions" }).getByText("Grandma").first()).toBeVisible();
  const main = page.getByRole("main");
  await expect(
    main.getByRole("button", { name: /^(Save pregnancy details|Save baby|Add baby|Bean is here|Invite a guest|Invite your partner|Edit Nana .*|Remove Nana .*|Leave this pregnancy)$/ }),
  ).toHaveCount(0);
  for (const name of PREGNANCY_SECTIONS) {
    const section = page.getByRole("region", { name });
    await expect(section.getByRole("textbox")).toHaveCount(0);
    expect(await clickEverything(page, section), `Settings, ${name}: requests that failed`).toEqual([]);
  }
  // The calendar link still shows (clicked above) and cannot be revoked.
  const calendar = page.getByRole("region", { name: "Calendar subscription" });
  await expect(calendar.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expect(calendar.getByRole("button", { name: "Revoke link" })).toHaveCount(0);
  // The account's own settings and the download stay.
  await expect(page.getByRole("region", { name: "Profile" }).getByRole("textbox").first()).toBeEditable();
  await expect(page.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Delete account" })).toBeVisible();
});

test("after dates typed wrong ended the service, the paying owner's Settings offer the dates alone to correct, and the correction opens everything again", async ({ page }) => {
  const { pregnancyId } = await payingFamily(page, "repairui", "basic");
  const [stored] = await inDb((db) => db.select({ dueDate: pregnancies.dueDate }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)));
  const typo = addDays(todayIso(), -100);
  await inDb((db) => db.update(pregnancies).set({ dueDate: typo, lastMenstrualPeriod: null, serviceEndDate: serviceEndDate(typo) }).where(eq(pregnancies.id, pregnancyId)));
  const reason = SERVICE_END_MESSAGES.readOnlyLine(await pageDate(page, serviceEndDate(typo)), await pageDate(page, readOnlyUntil(serviceEndDate(typo))));

  await page.goto("/settings");
  await expect(page.getByText(reason)).toHaveCount(1);
  const details = page.getByRole("region", { name: "Pregnancy details" });
  await expect(details.getByText("These dates have ended the service")).toBeVisible();
  // The server takes the dates alone: the title and zone are not offered, and nothing is sent until the dates change.
  await expect(details.getByRole("textbox", { name: "Pregnancy title" })).toHaveCount(0);
  await expect(details.getByRole("combobox", { name: "Time zone" })).toHaveCount(0);
  const save = details.getByRole("button", { name: "Save pregnancy details" });
  await expect(save).toBeDisabled();
  await expect(page.getByRole("region", { name: "Babies" }).getByRole("button")).toHaveCount(0);

  await details.getByLabel("Due date", { exact: true }).fill(stored!.dueDate);
  await save.click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByText("Pregnancy details saved.")).toBeVisible();
  await expect(page.getByText(reason)).toHaveCount(0);
  await expect(details.getByRole("textbox", { name: "Pregnancy title" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Babies" }).getByRole("button", { name: "Add baby" })).toBeVisible();
});
