import { addDays, lmpFromDueDate, serviceEndDate, todayIso } from "../../src/domain/dates";
import { PERMISSION_FLAGS } from "../../src/domain/enums";
import { pregnancies, pregnancyBabies, pregnancyParticipants } from "../../worker/db/schema";
import type { ApiClient } from "./client";
import { openTestDb } from "./env";
import { createOtherFamily, signUp, uniqueEmail } from "./families";

export interface MatrixFamily {
  pregnancyId: string;
  babyId: string;
  owner: ApiClient;
  partner: ApiClient;
  /** A guest whose every flag is off. */
  guest: ApiClient;
  guestParticipantId: string;
  outsider: ApiClient;
  /** A fresh invited guest row (targets for edits, removals, resends, revocations). */
  newInvitedGuest(): Promise<string>;
}

/** The matrix pregnancy is due this many days from today. */
export const MATRIX_DUE_IN_DAYS = 120;

const NO_FLAGS = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false]));

/** A family of its own for permission tests, so their writes never touch the demo family. */
export async function createMatrixFamily(): Promise<MatrixFamily> {
  const [owner, partner, guest, other] = await Promise.all([signUp("mxowner"), signUp("mxpartner"), signUp("mxguest"), createOtherFamily()]);
  const { db, close } = openTestDb();
  try {
    const dueDate = addDays(todayIso(), MATRIX_DUE_IN_DAYS);
    const { pregnancyId, babyId, guestParticipantId } = await db.transaction(async (tx) => {
      const [pregnancy] = await tx
        .insert(pregnancies)
        .values({ title: "Matrix Family", status: "active", createdByUserId: owner.userId, dueDate, lastMenstrualPeriod: lmpFromDueDate(dueDate), serviceEndDate: serviceEndDate(dueDate) })
        .returning({ id: pregnancies.id });
      if (!pregnancy) throw new Error("pregnancy not created");
      const [baby] = await tx.insert(pregnancyBabies).values({ pregnancyId: pregnancy.id, name: "Baby 1", birthOrder: 1 }).returning({ id: pregnancyBabies.id });
      const participants = await tx
        .insert(pregnancyParticipants)
        .values([
          { pregnancyId: pregnancy.id, userId: owner.userId, role: "owner" as const, status: "active" as const },
          { pregnancyId: pregnancy.id, userId: partner.userId, role: "partner" as const, status: "active" as const },
          { pregnancyId: pregnancy.id, userId: guest.userId, role: "guest" as const, status: "active" as const, privacyLevel: "acquaintances" as const, permissions: NO_FLAGS },
        ])
        .returning({ id: pregnancyParticipants.id, role: pregnancyParticipants.role });
      const guestRow = participants.find((p) => p.role === "guest");
      if (!baby || !guestRow) throw new Error("family not created");
      return { pregnancyId: pregnancy.id, babyId: baby.id, guestParticipantId: guestRow.id };
    });
    return {
      pregnancyId,
      babyId,
      owner: owner.client,
      partner: partner.client,
      guest: guest.client,
      guestParticipantId,
      outsider: other.owner,
      async newInvitedGuest() {
        const handle = openTestDb();
        try {
          const [row] = await handle.db
            .insert(pregnancyParticipants)
            .values({ pregnancyId, role: "guest", status: "invited", invitedEmail: uniqueEmail("invitee") })
            .returning({ id: pregnancyParticipants.id });
          if (!row) throw new Error("invitee not created");
          return row.id;
        } finally {
          await handle.close();
        }
      },
    };
  } finally {
    await close();
  }
}
