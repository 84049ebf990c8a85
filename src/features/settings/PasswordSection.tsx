import { useId, useRef, useState, type FormEvent } from "react";
import { useRouteContext } from "@tanstack/react-router";
import { CREATE_ACCOUNT_MESSAGES, RESET_PASSWORD_MESSAGES, type ResetPasswordInput, resetPasswordSchema } from "../../domain/auth";
import { authClient, authCall } from "../../lib/auth-client";
import { fieldErrors } from "../../lib/formErrors";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { PasswordField } from "../../ui/PasswordField";
import { toast } from "../../ui/toast";
import { SettingsSection } from "../../ui/SettingsSection";

type Values = ResetPasswordInput & { currentPassword: string };
type Errors = Partial<Record<keyof Values, string>>;

const WEAK_PASSWORD = "WEAK_PASSWORD";
const EMPTY: Values = { currentPassword: "", password: "", confirmPassword: "" };

/** The new password follows the reset form's rules; the current one is only required. */
function validate(values: Values): Errors {
  return {
    ...(values.currentPassword ? {} : { currentPassword: CREATE_ACCOUNT_MESSAGES.passwordRequired }),
    ...fieldErrors<ResetPasswordInput>(resetPasswordSchema.safeParse(values)),
  };
}

/**
 * Changing the password, with the offer to sign out every other device (on by default: a changed
 * password is often a worry that someone else is in).
 */
export function PasswordSection() {
  const { auth } = useRouteContext({ from: "__root__" });
  const [values, setValues] = useState<Values>(EMPTY);
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checkboxId = useId();
  const refs = { currentPassword: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null), confirmPassword: useRef<HTMLInputElement>(null) };

  const field = (name: keyof Values) => ({
    ref: refs[name],
    name,
    required: true,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setMessage(null);
    const firstInvalid = (["currentPassword", "password", "confirmPassword"] as const).find((name) => found[name]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    setBusy(true);
    const error = await authCall(() => authClient.changePassword({ currentPassword: values.currentPassword, newPassword: values.password, revokeOtherSessions: signOutOthers }));
    setBusy(false);
    if (error) {
      if (error.code === WEAK_PASSWORD) setErrors({ password: RESET_PASSWORD_MESSAGES.weakPassword });
      else setMessage(error.message ? `${RESET_PASSWORD_MESSAGES.updateFailed}: ${error.message}` : RESET_PASSWORD_MESSAGES.updateFailed);
      return;
    }
    setValues(EMPTY);
    // Signing the others out gave this device a new session.
    await auth.refresh().catch(() => null);
    toast({ title: RESET_PASSWORD_MESSAGES.passwordUpdated, variant: "success" });
  }

  return (
    <SettingsSection id="password" title="Password" description="Change the password you sign in with.">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <FormMessage message={message} />
        <PasswordField label="Current password" autoComplete="current-password" {...field("currentPassword")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField label="New password" autoComplete="new-password" {...field("password")} />
          <PasswordField label="Confirm new password" autoComplete="new-password" {...field("confirmPassword")} />
        </div>
        <div className="flex items-center gap-3">
          <input id={checkboxId} type="checkbox" checked={signOutOthers} onChange={(event) => setSignOutOthers(event.target.checked)} className="size-5 shrink-0 accent-primary" />
          <label htmlFor={checkboxId}>Sign out of my other devices</label>
        </div>
        <div>
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
