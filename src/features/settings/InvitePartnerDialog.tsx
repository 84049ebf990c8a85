import type { FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { Dialog } from "../../ui/Dialog";
import { toast } from "../../ui/toast";
import { InviteActions, useInvitationSent, useInviteeFields, type InviteDialogProps, type InviteScope } from "./inviteForm";
import { serverErrorText } from "../../lib/serverError";
import { SETUP_MESSAGES } from "../../domain/pregnancy";

/** 'Invite your partner' (secure-partner-invitation): free, and confirmed by a code sent to the owner. */
export function InvitePartnerDialog({ open, onClose, scope }: InviteDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Invite your partner"
      description="Your partner joins free of charge. When they accept, a verification code comes to the pregnancy owner's email: share it with them."
    >
      <InvitePartnerForm scope={scope} onDone={onClose} />
    </Dialog>
  );
}

function InvitePartnerForm({ scope, onDone }: { scope: InviteScope; onDone: () => void }) {
  const trpc = useTRPC();
  const { fields, validate } = useInviteeFields();
  const sent = useInvitationSent(scope, onDone);
  const invite = useMutation(
    trpc.partners.invite.mutationOptions({
      onSuccess: (_result, input) => sent(input),
      onError: (error) => toast({ title: SETUP_MESSAGES.partnerInvitationFailed, description: serverErrorText(error), variant: "error" }),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invitee = validate(event.currentTarget);
    if (invitee) invite.mutate({ ...scope, ...invitee });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {fields}
      <InviteActions busy={invite.isPending} onCancel={onDone} />
    </form>
  );
}
