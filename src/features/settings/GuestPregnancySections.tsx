import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { UserMode } from "../../domain/enums";
import { PREGNANCY_TOASTS } from "../../domain/pregnancy";
import type { Inviter } from "../../domain/permissions";
import { formatDateOnly } from "../../lib/format";
import { useTRPC } from "../../lib/trpc";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { LoadFailed, SectionLoading, SettingsSection } from "../../ui/SettingsSection";
import { InviteGuestDialog } from "./InviteGuestDialog";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";

interface GuestPregnancyProps {
  scope: { pregnancyId: string; mode: UserMode };
  /** The guest's own standing: inviting is offered with canInviteGuests, at their level or farther. */
  inviter: Inviter;
}

/**
 * What a guest trusted with canViewSettings sees of the pregnancy in Settings (issue 24): its
 * details and who follows it, read-only; with canInviteGuests, inviting someone too.
 */
export function GuestPregnancySections({ scope, inviter }: GuestPregnancyProps) {
  const trpc = useTRPC();
  const overview = useQuery(trpc.pregnancy.familyOverview.queryOptions(scope));
  const [inviting, setInviting] = useState(false);
  // After the service end nobody new can be invited (the server refuses it).
  const readOnly = usePregnancyReadOnly();
  if (overview.isPending) return <SectionLoading label="Loading pregnancy details..." />;
  if (overview.isError) {
    return (
      <SettingsSection id="pregnancy" title="Pregnancy details">
        <LoadFailed title={PREGNANCY_TOASTS.loadPregnancyFailed} onRetry={() => void overview.refetch()} busy={overview.isFetching} />
      </SettingsSection>
    );
  }
  const { details, members } = overview.data;
  return (
    <>
      <SettingsSection id="pregnancy" title="Pregnancy details" description="The parents keep these up to date.">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Title</dt>
          <dd>{details.title}</dd>
          <dt className="font-semibold">Due date</dt>
          <dd>{formatDateOnly(details.dueDate)}</dd>
          {details.babies.length > 0 && (
            <>
              <dt className="font-semibold">Babies</dt>
              <dd>{details.babies.map((baby) => baby.name).join(", ")}</dd>
            </>
          )}
        </dl>
      </SettingsSection>
      <SettingsSection id="family" title="Family" description="Who follows this pregnancy.">
        {inviter.permissions.canInviteGuests && !readOnly && (
          <div>
            <Button variant="secondary" onClick={() => setInviting(true)}>
              Invite a guest
            </Button>
          </div>
        )}
        <ul className="flex flex-col gap-3">
          {members.map((member) => (
            <li key={member.id} className="flex items-center gap-3">
              <Avatar firstName={member.firstName} lastName={member.lastName} avatarUrl={member.avatarUrl} />
              <span>
                <span className="block font-semibold">{`${member.firstName} ${member.lastName}`.trim()}</span>
                <span className="block text-sm text-muted-foreground">{member.displayTitle}</span>
              </span>
            </li>
          ))}
        </ul>
        <InviteGuestDialog open={inviting} onClose={() => setInviting(false)} scope={scope} inviter={inviter} />
      </SettingsSection>
    </>
  );
}
