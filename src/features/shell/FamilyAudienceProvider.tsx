import { useMemo, type ReactNode } from "react";
import { useRouteContext } from "@tanstack/react-router";
import { FamilyAudienceContext } from "../../lib/familyAudience";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";

/** Tells the audience fields which family the user works in, when they may list its people. */
export function FamilyAudienceProvider({ children }: { children: ReactNode }) {
  const { session } = useRouteContext({ from: "/_authenticated" });
  const { pregnancyId, mode, access } = usePregnancyContext();
  const mayList = access?.permissions.canViewContacts === true;
  const scope = useMemo(() => (pregnancyId && mayList ? { pregnancyId, mode, selfUserId: session.user.id } : null), [pregnancyId, mayList, mode, session.user.id]);
  return <FamilyAudienceContext value={scope}>{children}</FamilyAudienceContext>;
}
