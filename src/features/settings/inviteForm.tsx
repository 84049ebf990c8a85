/** What the two invitation dialogs (guest, partner) share: the person's fields, the success, the buttons. */
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { signUpSchema } from "../../domain/auth";
import type { UserMode } from "../../domain/enums";
import { fieldErrors } from "../../lib/formErrors";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { SETTINGS_MESSAGES } from "./messages";
import { NAME_MAX_LENGTH } from "../../domain/textLimits";

export interface InviteScope {
  pregnancyId: string;
  mode: UserMode;
}

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  scope: InviteScope;
}

/** Whom an invitation is for: the sign-up form's name and email rules and messages. */
const inviteeSchema = signUpSchema.pick({ firstName: true, lastName: true, email: true });
export type Invitee = { firstName: string; lastName: string; email: string };

const FIELD_ORDER = ["firstName", "lastName", "email"] as const satisfies readonly (keyof Invitee)[];

/** The first name, last name and email every invitation dialog asks for, with their checks. */
export function useInviteeFields() {
  const [invitee, setInvitee] = useState<Invitee>({ firstName: "", lastName: "", email: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof Invitee, string>>>({});

  /** The trimmed values, or null after marking the invalid fields and focusing the first of them. */
  function validate(form: HTMLFormElement): Invitee | null {
    const result = inviteeSchema.safeParse(invitee);
    const found = fieldErrors<Invitee>(result);
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((name) => found[name]);
    if (firstInvalid) (form.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
    return result.success ? result.data : null;
  }

  const field = (name: keyof Invitee) => ({
    name,
    required: true,
    maxLength: NAME_MAX_LENGTH,
    value: invitee[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setInvitee((current) => ({ ...current, [name]: event.target.value })),
  });

  const fields = (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="off" data-autofocus {...field("firstName")} />
        <TextField label="Last name" autoComplete="off" {...field("lastName")} />
      </div>
      <TextField label="Email" type="email" autoComplete="off" {...field("email")} />
    </>
  );

  return { fields, validate };
}

/** After an invitation went out: say so, show the new pending row, close the dialog. */
export function useInvitationSent(scope: InviteScope, onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (invitee: Pick<Invitee, "firstName" | "email">) => {
    toast({ title: SETTINGS_MESSAGES.invitationSent, description: `We emailed ${invitee.firstName} at ${invitee.email}.`, variant: "success" });
    void queryClient.invalidateQueries({ queryKey: trpc.participants.list.queryKey(scope) });
    onDone();
  };
}

export function InviteActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        Send invitation
      </Button>
    </div>
  );
}
