import { and, eq, or } from "drizzle-orm";
import { serviceState, todayIso, type ServiceState } from "../../src/domain/dates";
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
  /** Account lifetime (core spec 4): full service, or read-only after the service end. */
  serviceState: Exclude<ServiceState, "expired">;
  /** The last day of full service (read-only follows). */
  serviceEndDate: string;
}

/**
 * The caller's active participation in an active pregnancy, with effective permissions; null when
 * none. A closed (cancelled) pregnancy and one past its 7 read-only years give no access at all,
 * except, with `closedToOwner`, a closed one to its owner (for the one door that asks: deleting it).
 */
export async function loadPregnancyAccess(db: Db, userId: string, pregnancyId: string, today: string = todayIso(), options: { closedToOwner?: boolean } = {}): Promise<PregnancyAccess | null> {
  const [row] = await db
    .select({
      participantId: pregnancyParticipants.id,
      role: pregnancyParticipants.role,
      title: pregnancyParticipants.title,
      privacyLevel: pregnancyParticipants.privacyLevel,
      custom: pregnancyParticipants.permissions,
      serviceEndDate: pregnancies.serviceEndDate,
    })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(
      and(
        eq(pregnancyParticipants.pregnancyId, pregnancyId),
        eq(pregnancyParticipants.userId, userId),
        eq(pregnancyParticipants.status, "active"),
        options.closedToOwner
          ? or(eq(pregnancies.status, "active"), and(eq(pregnancies.status, "closed"), eq(pregnancyParticipants.role, "owner")))
          : eq(pregnancies.status, "active"),
      ),
    )
    .limit(1);
  if (!row) return null;
  const state = serviceState(row.serviceEndDate, today);
  if (state === "expired") return null;
  return {
    id: pregnancyId,
    participantId: row.participantId,
    role: row.role,
    title: row.title,
    isParent: isParentRole(row.role),
    privacyLevel: row.privacyLevel,
    permissions: effectivePermissions(row.role, row.custom),
    serviceState: state,
    serviceEndDate: row.serviceEndDate,
  };
}

export const hasFlag = (access: PregnancyAccess, flag: PermissionFlag) => access.permissions[flag];
