import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import type { GuestPrivacyLevel } from "../../domain/enums";
import { initialGuestAudience, type GuestAudienceChoice } from "../../domain/familyReach";
import { mayInviteAtLevel, type Inviter } from "../../domain/permissions";
import { useTRPC } from "../../lib/trpc";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { TextAreaField } from "../../ui/fields";
import { GuestAudienceFields } from "../../ui/GuestAudienceFields";
import { InviteActions, useInvitationSent, useInviteeFields, type InviteDialogProps, type InviteScope } from "./inviteForm";
import { serverErrorText } from "../../lib/serverError";
import { SETUP_MESSAGES } from "../../domain/pregnancy";
import { COMMENT_MAX_LENGTH, TITLE_MAX_LENGTH } from "../../domain/textLimits";

/** The server's limit on a personal message. */
const PERSONAL_MESSAGE_MAX_LENGTH = COMMENT_MAX_LENGTH * 2;

/** 'Invite a guest' (secure-guest-invitation): the guest gets a single-use link by email. */
export function InviteGuestDialog({ open, onClose, scope, inviter }: InviteDialogProps & { inviter?: Inviter | undefined }) {
  return (
    <Dialog open={open} onClose={onClose} size="lg" title="Invite a guest" description="They get an email with a link to join; you can change what they see later.">
      <InviteGuestForm scope={scope} onDone={onClose} inviter={inviter} />
    </Dialog>
  );
}

function InviteGuestForm({ scope, onDone, inviter }: { scope: InviteScope; onDone: () => void; inviter: Inviter | undefined }) {
  const trpc = useTRPC();
  const { fields, validate } = useInviteeFields();
  const [title, setTitle] = useState("");
  // A guest inviting is offered only the levels the server lets them give (mayInviteAtLevel).
  const allowed = (level: GuestPrivacyLevel) => !inviter || mayInviteAtLevel(inviter, level);
  const [audience, setAudience] = useState<GuestAudienceChoice>(() => initialGuestAudience(allowed));
  const [personalMessage, setPersonalMessage] = useState("");
  const sent = useInvitationSent(scope, onDone);
  const invite = useMutation(
    trpc.invitations.inviteGuest.mutationOptions({
      onSuccess: (_result, input) => sent(input),
      onError: (error) => toast({ title: SETUP_MESSAGES.invitationFailed, description: serverErrorText(error), variant: "error" }),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invitee = validate(event.currentTarget);
    if (!invitee) return;
    invite.mutate({
      ...scope,
      ...invitee,
      title: title.trim() || undefined,
      relationship: audience.relationship || undefined,
      privacyLevel: audience.privacyLevel,
      personalMessage: personalMessage.trim() || undefined,
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {fields}
      <GuestAudienceFields value={audience} onChange={setAudience} allowed={allowed} />
      <TextField label="Title (optional)" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={TITLE_MAX_LENGTH} hint="How they are shown, e.g. 'Grandma'." />
      <TextAreaField label="Personal message (optional)" value={personalMessage} onChange={(e) => setPersonalMessage(e.target.value)} maxLength={PERSONAL_MESSAGE_MAX_LENGTH} rows={3} />
      <InviteActions busy={invite.isPending} onCancel={onDone} />
    </form>
  );
}
