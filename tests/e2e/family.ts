import type { APIRequestContext, Browser, BrowserContextOptions, Page } from "@playwright/test";
import { openNodeDb } from "../../scripts/node-db";
import { addDays, lmpFromDueDate, serviceEndDate, todayIso } from "../../src/domain/dates";
import type { GuestPrivacyLevel, GuestRelationship } from "../../src/domain/enums";
import { pregnancies, pregnancyBabies, pregnancyParticipants } from "../../worker/db/schema";
import { randomIp } from "../support/client";
import { expect, uniqueEmail } from "./support";

/** The browser tests' database, for state the UI does not offer yet. */
export const openDb = () => openNodeDb(process.env.E2E_DATABASE_URL!, process.env.E2E_WS_PROXY);

/** One read or write on the browser tests' database, closed after. */
export async function inDb<T>(read: (db: ReturnType<typeof openDb>["db"]) => Promise<T>): Promise<T> {
  const { db, close } = openDb();
  try {
    return await read(db);
  } finally {
    await close();
  }
}

/** The twins Bean and Sprout for a family's pregnancy, in birth order. */
export const addTwins = (pregnancyId: string) =>
  inDb((db) =>
    db
      .insert(pregnancyBabies)
      .values([
        { pregnancyId, name: "Bean", birthOrder: 1 },
        { pregnancyId, name: "Sprout", birthOrder: 2 },
      ])
      .returning({ id: pregnancyBabies.id }),
  );

async function signUpPerson(request: APIRequestContext, baseURL: string, firstName: string, lastName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const password = `${firstName}-waits-1`;
  const response = await request.post("/api/auth/sign-up/email", {
    data: { email, password, name: `${firstName} ${lastName}`, firstName, lastName },
    headers: { origin: baseURL, "cf-connecting-ip": randomIp() },
  });
  expect(response.ok()).toBe(true);
  const { user } = (await response.json()) as { user: { id: string } };
  return { email, password, userId: user.id, name: `${firstName} ${lastName}` };
}

/**
 * A fresh family (an owner and a grandparent guest, immediate family, with the guest defaults), so
 * what a test does belongs to it alone. Creating a pregnancy is covered by the setup journeys; here
 * the rows are written directly.
 */
export async function familyWithGrandparent(request: APIRequestContext, baseURL: string, familyName = "Waiting Family") {
  const stamp = Date.now();
  const title = `${familyName} ${stamp}`;
  const owner = await signUpPerson(request, baseURL, "Rosa", `Owner${stamp}`);
  const grandma = await signUpPerson(request, baseURL, "Nana", `Guest${stamp}`);
  const { db, close } = openDb();
  try {
    const pregnancyId = await db.transaction(async (tx) => {
      const dueDate = addDays(todayIso(), 10);
      const [row] = await tx
        .insert(pregnancies)
        .values({ title, status: "active", createdByUserId: owner.userId, dueDate, lastMenstrualPeriod: lmpFromDueDate(dueDate), serviceEndDate: serviceEndDate(dueDate) })
        .returning({ id: pregnancies.id });
      await tx.insert(pregnancyParticipants).values([
        { pregnancyId: row!.id, userId: owner.userId, role: "owner", status: "active" },
        { pregnancyId: row!.id, userId: grandma.userId, role: "guest", status: "active", title: "Grandma", relationship: "grandparent", privacyLevel: "immediate-family" },
      ]);
      return row!.id;
    });
    return { pregnancyId, owner, grandma, title };
  } finally {
    await close();
  }
}

/** One more guest of a family, made like its grandparent (active, the guest defaults), at a friend's level unless told. */
export async function addFamilyGuest(
  request: APIRequestContext,
  baseURL: string,
  pregnancyId: string,
  guest: { firstName: string; title: string; relationship?: GuestRelationship; privacyLevel?: GuestPrivacyLevel },
) {
  const person = await signUpPerson(request, baseURL, guest.firstName, `Guest${Date.now()}`);
  const { db, close } = openDb();
  try {
    await db.insert(pregnancyParticipants).values({
      pregnancyId,
      userId: person.userId,
      role: "guest",
      status: "active",
      title: guest.title,
      relationship: guest.relationship ?? "friend",
      privacyLevel: guest.privacyLevel ?? "friends",
    });
    return person;
  } finally {
    await close();
  }
}

/** The family's partner, joined (active, the parents' defaults). */
export async function addFamilyPartner(request: APIRequestContext, baseURL: string, pregnancyId: string, firstName: string) {
  const person = await signUpPerson(request, baseURL, firstName, `Partner${Date.now()}`);
  await inDb((db) => db.insert(pregnancyParticipants).values({ pregnancyId, userId: person.userId, role: "partner", status: "active" }));
  return person;
}

/** A second person's browser (its own cookies and address), at the given size. */
export async function secondBrowser(browser: Browser, baseURL: string, viewport = { width: 1280, height: 900 }, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL, viewport, extraHTTPHeaders: { "cf-connecting-ip": randomIp() } });
  return context.newPage();
}

/** A parent on /waiting-room opens it: the button, then the confirmation it asks for. */
export async function activateWaitingRoom(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Activate Waiting Room" }).click();
  await page.getByRole("dialog", { name: "Open the waiting room?" }).getByRole("button", { name: "Activate", exact: true }).click();
}
