import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { referralBlocksSubmit, type ReferralValidationState } from "../../domain/referral";
import { authPost } from "../../lib/authRequest";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { AuthCard } from "../../ui/AuthLayout";
import { signUpErrorMessage } from "./authErrors";
import { AuthLink, useAuthFlow } from "./flow";
import { AUTH_MESSAGES } from "./messages";
import type { GuestInvite } from "./search";
import { useCompleteSignIn } from "./useCompleteSignIn";
import { validateSignUp, type SignUpErrors, type SignUpValues } from "./validation";
import { PASSWORD_MIN_LENGTH_SIGNUP } from "../../domain/authRules";

const FIELD_ORDER = ["firstName", "lastName", "email", "password"] as const satisfies readonly (keyof SignUpValues)[];
/** Ours: what an invited guest's free account gives (guest-signup lists the same). */
const GUEST_DESCRIPTION = "Follow along with shared updates and photos, RSVP to events, join the waiting room and play the baby game. Always free.";

const emailSearch = (email: string) => (email.trim() ? { email: email.trim() } : {});

const linkClass = "font-semibold text-link underline underline-offset-4 hover:no-underline";

export interface SignUpFormProps {
  initialEmail?: string | undefined;
  /** Through a guest invitation link the new account takes the invitation. */
  invite?: Partial<GuestInvite>;
  /** The card's heading ('Create Account' as step 1 of /createaccount). */
  title?: string;
  /** The optional referral code the create-account wizard offers: its field, and the code with its check. */
  referral?: { field: ReactNode; code: string; state: ReferralValidationState };
  /** What happens once the account exists and is signed in; /auth goes on to the code check. */
  onSignedUp?: (account: { email: string; firstName: string; lastName: string; referralCode: string }) => Promise<void>;
}

/** Sign-up: first and last name, email and password with the spec's field messages (onboarding spec 5). */
export function SignUpForm({ initialEmail = "", invite = {}, title = "Create Your Account", referral, onSignedUp }: SignUpFormProps) {
  const flow = useAuthFlow();
  const completeSignIn = useCompleteSignIn();
  const [values, setValues] = useState<SignUpValues>({ firstName: invite.first_name ?? "", lastName: invite.last_name ?? "", email: initialEmail, password: "" });
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const field = (name: keyof SignUpValues) => ({
    ref: refs[name],
    name,
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      // Clear a field's error as soon as it is corrected.
      if (errors[name] && !validateSignUp({ ...values, [name]: value })[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    setMessage(null);
    const firstInvalid = FIELD_ORDER.find((name) => found[name]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    // Only a code that was checked and found invalid holds the form back (onboarding spec 5).
    if (referral && referralBlocksSubmit(referral.state)) return;
    setBusy(true);
    const account = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim(), referralCode: referral?.state === "valid" ? referral.code : "" };
    const error = await authPost("/sign-up/email", {
      email: account.email,
      password: values.password,
      name: `${account.firstName} ${account.lastName}`,
      firstName: account.firstName,
      lastName: account.lastName,
      // The server binds the invitation to the new account, taken when its email is confirmed anywhere.
      ...(invite.token ? { invitationToken: invite.token } : {}),
    });
    if (error) {
      setBusy(false);
      setMessage(signUpErrorMessage(error));
      return;
    }
    // Signed in straight away (autoSignIn); the emailed code (or its link, in any browser) confirms
    // the address, and the invitation, which needs a confirmed email, is taken then.
    await completeSignIn(invite.token);
    if (onSignedUp) await onSignedUp(account);
    else flow.showAuth({ mode: "verify", email: account.email, ...invite });
  }

  const invited = invite.invite_type === "guest";
  return (
    <AuthCard title={invited ? "Create Your Free Guest Account" : title} description={invited ? GUEST_DESCRIPTION : "Start planning and sharing your pregnancy journey."}>
      <form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormMessage message={message} />
        {message === AUTH_MESSAGES.accountExists && (
          <p>
            {AUTH_MESSAGES.alreadyRegistered}:{" "}
            <AuthLink search={{ mode: "signin", email: values.email.trim(), ...invite }} className={linkClass}>
              Go to sign in
            </AuthLink>
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field("firstName")} />
          <TextField label="Last name" autoComplete="family-name" {...field("lastName")} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <TextField label="Password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH_SIGNUP} characters.`} {...field("password")} />
        {referral?.field}
        <Button type="submit" fullWidth loading={busy} disabled={referral !== undefined && referralBlocksSubmit(referral.state)}>
          Create Account
        </Button>
      </form>
      <p className="mt-6 text-center text-muted-foreground">
        Already have an account?{" "}
        <AuthLink search={invited ? { mode: "signin", ...emailSearch(values.email), ...invite } : {}} className={linkClass}>
          {invited ? "Sign in" : "Back to sign in"}
        </AuthLink>
      </p>
    </AuthCard>
  );
}
