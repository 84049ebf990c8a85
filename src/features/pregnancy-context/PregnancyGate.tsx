import type { ReactNode } from "react";
import type { PermissionFlag, UserMode } from "../../domain/enums";
import { FormMessage } from "../../ui/Alert";
import { Spinner } from "../../ui/Spinner";
import { usePregnancyContext, type PregnancySummary } from "./usePregnancyContext";

export interface GatedPregnancy {
  scope: { pregnancyId: string; mode: UserMode };
  /** Parent mode in a pregnancy where the user is a parent. */
  isParent: boolean;
  pregnancy: PregnancySummary | null;
}

interface PregnancyGateProps {
  /** The spinner's name while the pregnancy loads ('Loading the baby game'). */
  loadingLabel: string;
  /** Shown when the user is in no pregnancy. */
  noPregnancyMessage: string;
  /** The permission the area needs; without it the page says 'Limited Access'. */
  permission: PermissionFlag;
  /** The 'Limited Access' heading's id and the sentence under it. */
  limitedAccess: { headingId: string; text: string };
  /** The area itself, once the user is in a pregnancy that lets them in. */
  children: (gated: GatedPregnancy) => ReactNode;
}

/**
 * What a pregnancy-scoped area shows before the area itself: a spinner while the pregnancy loads,
 * a notice when the user is in none, 'Limited Access' when the parents have not let them in.
 */
export function PregnancyGate({ loadingLabel, noPregnancyMessage, permission, limitedAccess, children }: PregnancyGateProps) {
  const { pregnancyId, pregnancy, mode, access, isLoading } = usePregnancyContext();
  if (isLoading) return <Spinner label={loadingLabel} className="p-6" />;
  if (!pregnancyId) return <FormMessage message={noPregnancyMessage} />;
  if (access && !access.permissions[permission])
    return (
      <section aria-labelledby={limitedAccess.headingId} className="card flex flex-col gap-2 p-6">
        <h2 id={limitedAccess.headingId} className="text-xl font-bold">
          Limited Access
        </h2>
        <p className="text-muted-foreground">{limitedAccess.text}</p>
      </section>
    );
  return children({ scope: { pregnancyId, mode }, isParent: mode === "parent" && (access?.isParent ?? false), pregnancy });
}
