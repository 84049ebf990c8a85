import { and, eq } from "drizzle-orm";
import type { ParticipantRole, PermissionFlag, Permissions } from "../../src/domain/enums";
import { effectivePermissions, isParentRole } from "../../src/domain/permissions";
import type { Db } from "../db";
import { pregnancies, pregnancyParticipants } from "../db/schema";

export interface PregnancyAccess {
  id: string;
  participantId: string;
  role: ParticipantRole;
  /** The participant's own title ('Grandma'); shown through displayTitle. */
  title: string | null;
  isParent: boolean;
  privacyLevel: string | null;
  permissions: Permissions;
}

/** The caller's active participation in an active pregnancy, with effective permissions; null when none. */
export async function loadPregnancyAccess(db: Db, userId: string, pregnancyId: string): Promise<PregnancyAccess | null> {
  const [row] = await db
    .select({
      participantId: pregnancyParticipants.id,
      role: pregnancyParticipants.role,
      title: pregnancyParticipants.title,
      privacyLevel: pregnancyParticipants.privacyLevel,
      custom: pregnancyParticipants.permissions,
    })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(
      and(
        eq(pregnancyParticipants.pregnancyId, pregnancyId),
        eq(pregnancyParticipants.userId, userId),
        eq(pregnancyParticipants.status, "active"),
        eq(pregnancies.status, "active"),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    id: pregnancyId,
    participantId: row.participantId,
    role: row.role,
    title: row.title,
    isParent: isParentRole(row.role),
    privacyLevel: row.privacyLevel,
    permissions: effectivePermissions(row.role, row.custom),
  };
}

export const hasFlag = (access: PregnancyAccess, flag: PermissionFlag) => access.permissions[flag];
