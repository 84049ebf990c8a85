import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { DEFAULT_GUEST_PRIVACY_LEVEL } from "../../domain/audience";
import { PERMISSION_FLAGS, type GuestPrivacyLevel, type GuestRelationship, type Permissions, type UserMode } from "../../domain/enums";
import { SUCCESS_TOASTS } from "../../domain/errors";
import { effectivePermissions } from "../../domain/permissions";
import { useTRPC, type AppRouter } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog, Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { Switch } from "../../ui/fields";
import { GuestAudienceFields } from "../../ui/GuestAudienceFields";
import type { GuestAudienceChoice } from "../../domain/familyReach";
import { InviteGuestDialog } from "./InviteGuestDialog";
import { InvitePartnerDialog } from "./InvitePartnerDialog";
import { PERMISSION_LABELS, PRIVACY_LEVEL_LABELS, RELATIONSHIP_LABELS, ROLE_LABELS, labelOf } from "../../lib/labels";
import { SETTINGS_MESSAGES } from "./messages";
import { LoadFailed, SectionLoading, SettingsSection } from "../../ui/SettingsSection";
import { serverErrorText } from "../../lib/serverError";
import { TITLE_MAX_LENGTH } from "../../domain/textLimits";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";

type Participant = inferRouterOutputs<AppRouter>["participants"]["list"][number];

interface Scope {
  pregnancyId: string;
  mode: UserMode;
}

function nameOf(p: Participant): string {
  const full = [p.firstName, p.lastName].filter(Boolean).join(" ").trim();
  return full || p.email || p.invitedEmail || p.displayTitle;
}

/** Effective flags as the server sent them; where they are missing, the role's defaults (core spec 6). */
function permissionsOf(p: Participant): Permissions {
  return p.permissions ?? effectivePermissions(p.role, p.customPermissions);
}

type Pending = { kind: "edit" | "remove" | "revoke"; participant: Participant } | null;

/** Family & permissions (parents only): who takes part, and each guest's title, audience and flags. */
export function FamilySection(scope: Scope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.participants.list.queryOptions(scope));
  const listKey = trpc.participants.list.queryKey(scope);
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);
  const [inviting, setInviting] = useState<"guest" | "partner" | null>(null);
  const closeInvite = () => setInviting(null);
  // One partner per pregnancy, invited or active (the server refuses a second).
  const canInvitePartner = list.isSuccess && !list.data.some((p) => p.role === "partner");
  // After the service end the family stays as it was: no inviting, editing or removing (the server refuses it).
  const readOnly = usePregnancyReadOnly();

  const remove = useMutation(
    trpc.participants.remove.mutationOptions({
      onSuccess: (_result, input) => {
        queryClient.setQueryData(listKey, (old) => old?.filter((p) => p.id !== input.participantId));
        toast({ title: SUCCESS_TOASTS.success, description: SETTINGS_MESSAGES.guestRemoved, variant: "success" });
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
    }),
  );
  const resend = useMutation(
    trpc.invitations.resend.mutationOptions({
      onSuccess: () => toast({ title: SUCCESS_TOASTS.success, description: SETTINGS_MESSAGES.invitationSent, variant: "success" }),
      onError: (error) => toast({ title: SETTINGS_MESSAGES.resendFailed, description: serverErrorText(error), variant: "error" }),
    }),
  );
  const revoke = useMutation(
    trpc.invitations.revoke.mutationOptions({
      onSuccess: (_result, input) => {
        queryClient.setQueryData(listKey, (old) => old?.filter((p) => p.id !== input.participantId));
        toast({ title: SUCCESS_TOASTS.success, description: SETTINGS_MESSAGES.invitationRevoked, variant: "success" });
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
    }),
  );

  return (
    <SettingsSection id="family" title="Family & permissions" description="Who follows this pregnancy, what they see and what they can do.">
      {!readOnly && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="secondary" onClick={() => setInviting("guest")}>
              Invite a guest
            </Button>
            {canInvitePartner && (
              <Button variant="secondary" onClick={() => setInviting("partner")}>
                Invite your partner
              </Button>
            )}
          </div>
      )}
      {list.isPending ? (
        <SectionLoading label="Loading family and guests..." />
      ) : list.isError ? (
        <LoadFailed title={SETTINGS_MESSAGES.loadParticipantsFailed} onRetry={() => void list.refetch()} busy={list.isFetching} />
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.map((participant) => (
            <ParticipantRow
              key={participant.id}
              participant={participant}
              readOnly={readOnly}
              onEdit={() => setPending({ kind: "edit", participant })}
              onRemove={() => setPending({ kind: "remove", participant })}
              onRevoke={() => setPending({ kind: "revoke", participant })}
              onResend={() => resend.mutate({ ...scope, participantId: participant.id })}
              resending={resend.isPending && resend.variables.participantId === participant.id}
            />
          ))}
        </ul>
      )}

      <InviteGuestDialog open={inviting === "guest"} onClose={closeInvite} scope={scope} />
      <InvitePartnerDialog open={inviting === "partner"} onClose={closeInvite} scope={scope} />
      <Dialog open={pending?.kind === "edit"} onClose={close} size="lg" title={pending ? `Edit ${nameOf(pending.participant)}` : "Edit guest"}>
        {pending?.kind === "edit" && <GuestEditForm participant={pending.participant} scope={scope} onDone={close} />}
      </Dialog>
      <ConfirmDialog
        open={pending?.kind === "remove"}
        onClose={close}
        title={pending ? `Remove ${nameOf(pending.participant)}?` : "Remove guest?"}
        description="They lose access to this pregnancy straight away. You can invite them again later."
        confirmLabel="Remove guest"
        errorTitle={SETTINGS_MESSAGES.removeGuestFailed}
        onConfirm={() => (pending ? remove.mutateAsync({ ...scope, participantId: pending.participant.id }) : Promise.resolve())}
      />
      <ConfirmDialog
        open={pending?.kind === "revoke"}
        onClose={close}
        title={pending ? `Revoke the invitation for ${nameOf(pending.participant)}?` : "Revoke invitation?"}
        description="The invitation link stops working. You can invite them again later."
        confirmLabel="Revoke invitation"
        errorTitle={SETTINGS_MESSAGES.revokeFailed}
        onConfirm={() => (pending ? revoke.mutateAsync({ ...scope, participantId: pending.participant.id }) : Promise.resolve())}
      />
    </SettingsSection>
  );
}

interface RowProps {
  participant: Participant;
  /** The pregnancy takes no changes: the row is only read. */
  readOnly: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onRevoke: () => void;
  onResend: () => void;
  resending: boolean;
}

function ParticipantRow({ participant: p, readOnly, onEdit, onRemove, onRevoke, onResend, resending }: RowProps) {
  const name = nameOf(p);
  const invited = p.status === "invited";
  const isGuest = p.role === "guest";
  const facts = [
    ROLE_LABELS[p.role],
    isGuest ? labelOf(RELATIONSHIP_LABELS, p.relationship) : null,
    isGuest ? `Sees: ${labelOf(PRIVACY_LEVEL_LABELS, p.privacyLevel ?? DEFAULT_GUEST_PRIVACY_LEVEL)}` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold wrap-anywhere">
          {name}
          <span className="font-normal text-muted-foreground"> · {p.displayTitle}</span>
        </h3>
        <p className="text-sm text-muted-foreground">{facts.join(" · ")}</p>
        {invited && (
          <p className="mt-1 inline-flex max-w-full items-center gap-1.5 rounded-full bg-lavender px-2.5 py-0.5 text-xs font-semibold wrap-anywhere">
            Invitation pending{p.invitedEmail ? ` (${p.invitedEmail})` : ""}
          </p>
        )}
      </div>
      {!readOnly && (isGuest || invited) && (
        <div className="flex flex-wrap gap-2">
          {isGuest && (
            <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
              Edit
            </Button>
          )}
          {invited ? (
            <>
              <Button size="sm" variant="secondary" onClick={onResend} loading={resending} aria-label={`Resend invitation to ${name}`}>
                Resend invitation
              </Button>
              <Button size="sm" variant="danger" onClick={onRevoke} aria-label={`Revoke invitation for ${name}`}>
                Revoke invitation
              </Button>
            </>
          ) : (
            isGuest && (
              <Button size="sm" variant="danger" onClick={onRemove} aria-label={`Remove ${name}`}>
                Remove
              </Button>
            )
          )}
        </div>
      )}
    </li>
  );
}

function GuestEditForm({ participant, scope, onDone }: { participant: Participant; scope: Scope; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(participant.title ?? "");
  // A guest's level is already theirs: a new relationship suggests nothing over it.
  const [audience, setAudience] = useState<GuestAudienceChoice>(() => ({
    relationship: (participant.relationship as GuestRelationship | null) ?? "",
    privacyLevel: (participant.privacyLevel as GuestPrivacyLevel | null) ?? DEFAULT_GUEST_PRIVACY_LEVEL,
    levelChosen: true,
  }));
  const [permissions, setPermissions] = useState<Permissions>(() => permissionsOf(participant));
  const listKey = trpc.participants.list.queryKey(scope);
  const update = useMutation(
    trpc.participants.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(listKey, (old) => old?.map((p) => (p.id === saved.id ? saved : p)));
        void queryClient.invalidateQueries({ queryKey: listKey });
        toast({ title: SUCCESS_TOASTS.success, description: `${nameOf(saved)} was updated.`, variant: "success" });
        onDone();
      },
      onError: (error) => toast({ title: SETTINGS_MESSAGES.participantUpdateFailed, description: serverErrorText(error), variant: "error" }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({
      ...scope,
      participantId: participant.id,
      title: title.trim() || null,
      relationship: audience.relationship || null,
      privacyLevel: audience.privacyLevel,
      permissions,
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={TITLE_MAX_LENGTH} hint="How they are shown, e.g. 'Grandma'. Leave empty to show 'Guest'." data-autofocus />
      <GuestAudienceFields value={audience} onChange={setAudience} />
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">Permissions</legend>
        <div className="grid divide-y divide-border sm:grid-cols-2 sm:gap-x-6 sm:divide-y-0">
          {PERMISSION_FLAGS.map((flag) => (
            <Switch key={flag} label={PERMISSION_LABELS[flag]} checked={permissions[flag]} onCheckedChange={(checked) => setPermissions((current) => ({ ...current, [flag]: checked }))} />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
