import { eq } from "drizzle-orm";
import { addDays, lmpFromDueDate, serviceEndDate, todayIso } from "../../src/domain/dates";
import { pregnancies, pregnancyParticipants, users } from "../../worker/db/schema";
import { ApiClient } from "./client";
import { baseUrl, openTestDb } from "./env";

let counter = 0;
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.test`;

/** A fresh account, signed in; `url` is the stack (the tests' own without it). */
export async function signUp(label: string, password = "correct-horse-1", url = baseUrl()): Promise<{ client: ApiClient; email: string; password: string; userId: string }> {
  const client = new ApiClient(url);
  const email = uniqueEmail(label);
  const response = await client.postJson("/api/auth/sign-up/email", { email, password, name: `Test ${label}`, firstName: "Test", lastName: label });
  if (!response.ok) throw new Error(`Sign-up failed with ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { client, email, password, userId: body.user.id };
}

/** Confirms a new account's email with the code its sign-up mailed, as the person would from their inbox. */
export async function confirmEmail(client: ApiClient, email: string): Promise<void> {
  const mails = (await (await fetch(new URL("/api/dev/outbox", client.baseUrl))).json()) as { to: string; subject: string; text: string }[];
  // Newest first.
  const code = mails.find((mail) => mail.to === email.toLowerCase() && mail.subject === "Confirm your email")?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No confirmation code mailed to ${email}`);
  const response = await client.postJson("/api/auth/email-otp/verify-email", { email, otp: code });
  if (!response.ok) throw new Error(`Confirming ${email} failed with ${response.status}`);
}

/**
 * Another family with its own pregnancy, owned by a freshly signed-up user. The pregnancy row is
 * written directly because creating pregnancies through the API belongs to a later issue.
 */
export async function createOtherFamily(): Promise<{ owner: ApiClient; ownerId: string; pregnancyId: string; email: string; password: string }> {
  const { client, userId, email, password } = await signUp("otherfamily");
  const { db, close } = openTestDb();
  try {
    const dueDate = addDays(todayIso(), 100);
    const pregnancyId = await db.transaction(async (tx) => {
      const [pregnancy] = await tx
        .insert(pregnancies)
        .values({ title: "Another Family", status: "active", createdByUserId: userId, dueDate, lastMenstrualPeriod: lmpFromDueDate(dueDate), serviceEndDate: serviceEndDate(dueDate) })
        .returning({ id: pregnancies.id });
      if (!pregnancy) throw new Error("pregnancy not created");
      await tx.insert(pregnancyParticipants).values({ pregnancyId: pregnancy.id, userId, role: "owner", status: "active" });
      return pregnancy.id;
    });
    return { owner: client, ownerId: userId, pregnancyId, email, password };
  } finally {
    await close();
  }
}

export async function userIdByEmail(email: string): Promise<string> {
  const { db, close } = openTestDb();
  try {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`No user ${email}`);
    return row.id;
  } finally {
    await close();
  }
}
