import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { PLANS, REFERRAL_DISCOUNT_PERCENT } from "../src/domain/constants";
import { addDays, dueDateFromLmp, lmpFromDueDate, serviceEndDate, todayIso } from "../src/domain/dates";
import { GUEST_DEFAULT_PERMISSIONS } from "../src/domain/permissions";
import type { Db } from "../worker/db";
import { accounts, pregnancies, pregnancyBabies, pregnancyParticipants, referrals, subscriptions, users } from "../worker/db/schema";
import { DEMO_BABIES, DEMO_DAYS_UNTIL_DUE, DEMO_FAMILY, DEMO_PASSWORD, DEMO_PREGNANCY_TITLE, DEMO_REFERRAL_CODE } from "./demo-family";

/**
 * Seeds the demo family once (idempotent: does nothing when the owner already exists), in one
 * transaction so a half-seeded family can never be left behind.
 */
export async function seedDemoFamily(db: Db, today = todayIso()): Promise<{ seeded: boolean }> {
  const owner = DEMO_FAMILY[0];
  if (!owner) throw new Error("Demo family has no owner");
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, owner.email));
  if (existing) {
    await seedReferralCode(db, existing.id);
    return { seeded: false };
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const dueDate = addDays(today, DEMO_DAYS_UNTIL_DUE);
  const lastMenstrualPeriod = lmpFromDueDate(dueDate);
  if (dueDateFromLmp(lastMenstrualPeriod) !== dueDate) throw new Error("Demo dates are inconsistent");

  await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const member of DEMO_FAMILY) {
      const id = crypto.randomUUID();
      ids.set(member.key, id);
      await tx.insert(users).values({
        id,
        name: `${member.firstName} ${member.lastName}`,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        emailVerified: true,
      });
      await tx.insert(accounts).values({ id: crypto.randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash });
    }
    const ownerId = ids.get(owner.key);
    const basic = PLANS.basic;
    const [pregnancy] = await tx
      .insert(pregnancies)
      .values({
        title: DEMO_PREGNANCY_TITLE,
        status: "active",
        createdByUserId: ownerId,
        dueDate,
        lastMenstrualPeriod,
        serviceEndDate: serviceEndDate(dueDate),
        photoStorageLimit: basic.photoLimit,
        setupCompletedAt: new Date(),
      })
      .returning({ id: pregnancies.id });
    if (!pregnancy || !ownerId) throw new Error("Demo pregnancy was not created");

    await tx.insert(pregnancyParticipants).values(
      DEMO_FAMILY.map((member) => ({
        pregnancyId: pregnancy.id,
        userId: ids.get(member.key),
        role: member.role,
        status: "active" as const,
        invitedEmail: member.email,
        title: member.title,
        relationship: member.relationship ?? null,
        privacyLevel: member.privacyLevel,
        // Guests store their whole flag set: a partial object would normalise the rest to false.
        permissions: member.role === "guest" ? { ...GUEST_DEFAULT_PERMISSIONS, ...member.overrides } : null,
        invitedByUserId: member.role === "owner" ? null : ownerId,
        joinedAt: new Date(),
      })),
    );
    await tx.insert(pregnancyBabies).values(DEMO_BABIES.map((baby, index) => ({ pregnancyId: pregnancy.id, name: baby.name, gender: baby.gender, birthOrder: index + 1 })));
    await tx.insert(subscriptions).values({
      pregnancyId: pregnancy.id,
      userId: ownerId,
      status: "active",
      tier: "basic",
      photoStorageLimit: basic.photoLimit,
      monthlyCostCents: basic.priceCents,
      currentPeriodEnd: new Date(`${addDays(today, 30)}T00:00:00Z`),
    });
  });
  const [created] = await db.select({ id: users.id }).from(users).where(eq(users.email, owner.email));
  if (created) await seedReferralCode(db, created.id);
  return { seeded: true };
}

/** Each area's demo content is seeded on its own and idempotently, so older data dirs catch up. */
async function seedReferralCode(db: Db, ownerId: string): Promise<void> {
  await db.insert(referrals).values({ referralCode: DEMO_REFERRAL_CODE, userId: ownerId, discountPercent: REFERRAL_DISCOUNT_PERCENT }).onConflictDoNothing();
}
