import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { z } from "zod";
import { CREATE_ACCOUNT_MESSAGES, INVITATION_SIGNUP_MESSAGES, type PartnerSignUpInput, partnerSignUpSchema, SIGN_IN_MESSAGES, signUpSchema } from "../../domain/auth";
import { splitToast } from "../../domain/errors";
import { INVITATION_REFUSALS } from "../../domain/invitationClaims";
import { authClient, authCall } from "../../lib/auth-client";
import { authPost } from "../../lib/authRequest";
import { fieldErrors } from "../../lib/formErrors";
import { appCodeOf } from "../../lib/query-client";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { PasswordField } from "../../ui/PasswordField";
import { Tabs } from "../../ui/Tabs";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { AuthCard } from "../../ui/AuthLayout";
import { EMAIL_NOT_CONFIRMED_CODE, signInErrorMessage } from "../auth/authErrors";
import { AUTH_MESSAGES } from "../auth/messages";
import { VerifyEmailForm } from "../auth/VerifyEmailForm";
import { resendConfirmation } from "../auth/resendConfirmation";
import { NOT_VERIFIED_CODE, invitationSignUpErrorMessage } from "./partnerErrors";
import type { PartnerInvitation } from "./usePartnerCode";
import { useLinkPartner } from "./useLinkPartner";
import { PASSWORD_MIN_LENGTH_SIGNUP } from "../../domain/authRules";

type AccountTab = "signin" | "signup";

/** Partner sign-in (onboarding spec 5): email required and valid, password required. */
const partnerSignInSchema = z.object({
  email: signUpSchema.shape.email,
  password: z.string().min(1, CREATE_ACCOUNT_MESSAGES.passwordRequired),
});
type PartnerSignInInput = z.infer<typeof partnerSignInSchema>;

const SIGN_UP_FIELDS = ["firstName", "lastName", "email", "password", "confirmPassword", "acceptTerms"] as const satisfies readonly (keyof PartnerSignUpInput)[];
const linkClass = "font-semibold text-link underline underline-offset-4 hover:no-underline";

/** Focuses the first named field that has an error. */
function focusFirstInvalid(form: HTMLFormElement, order: readonly string[], errors: Partial<Record<string, string>>) {
  const name = order.find((field) => errors[field]);
  if (name) (form.elements.namedItem(name) as HTMLElement | null)?.focus();
}

/**
 * Step 4: sign in or create the account, then link it to the invitation (onboarding spec 2).
 * Either way the person is signed in before linking; if linking fails they stay signed in and
 * are told so (or sent to /partner/verify when the code was never confirmed). Linking needs the
 * account's own email confirmed: the emailed code is asked for here, then the link goes on.
 */
export function PartnerAccountStep({ invitation, onBack }: { invitation: PartnerInvitation; onBack: () => void }) {
  const navigate = useNavigate();
  const { auth } = useRouteContext({ from: "__root__" });
  const { participantIdOf, link } = useLinkPartner();
  const [tab, setTab] = useState<AccountTab>("signup");
  const [confirming, setConfirming] = useState<{ email: string; onConnected: () => Promise<void> } | null>(null);
  // Opened while signed in (issue 35): the account joins here, once the owner's code was proven.
  const [signedInEmail, setSignedInEmail] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  useEffect(() => {
    let current = true;
    void auth.getSession().then((session) => {
      if (current) setSignedInEmail(session?.user.email ?? null);
    });
    return () => {
      current = false;
    };
  }, [auth]);

  async function join(email: string, onConnected: () => Promise<void>) {
    setJoining(true);
    await connect({ email, codeSent: false }, onConnected);
    setJoining(false);
  }

  /**
   * Links the just-signed-in account, then runs `onConnected`. A failure is said and moved on
   * from; an unconfirmed email asks for its code (sending one unless sign-up just did).
   */
  async function connect(account: { email: string; codeSent: boolean }, onConnected: () => Promise<void>): Promise<void> {
    let participantId: string | undefined;
    try {
      participantId = await participantIdOf(invitation);
      await link(participantId);
    } catch (error) {
      await auth.refresh().catch(() => null);
      if (appCodeOf(error) === EMAIL_NOT_CONFIRMED_CODE) {
        if (!account.codeSent) await resendConfirmation(account.email);
        setConfirming({ email: account.email, onConnected });
      } else if (participantId && appCodeOf(error) === NOT_VERIFIED_CODE) {
        await navigate({ to: "/partner/verify", search: { participantId } });
      } else {
        toast({ ...splitToast(SIGN_IN_MESSAGES.linkFailed), variant: "error" });
        await navigate({ to: "/dashboard" });
      }
      return;
    }
    await onConnected();
  }

  if (confirming) {
    return <VerifyEmailForm email={confirming.email} onVerified={() => connect({ email: confirming.email, codeSent: true }, confirming.onConnected)} />;
  }

  const connected = async () => {
    toast({ title: AUTH_MESSAGES.welcomeBack, variant: "success" });
    await navigate({ to: "/dashboard" });
  };
  if (signedInEmail !== null && signedInEmail.toLowerCase() === invitation.email.toLowerCase()) {
    return (
      <AuthCard title="Connect Your Account" description={`You are signed in as ${signedInEmail}.`}>
        <div className="flex flex-col gap-4">
          <Button fullWidth loading={joining} onClick={() => void join(signedInEmail, connected)}>
            Join as {signedInEmail}
          </Button>
          <Button variant="link" onClick={onBack}>
            Back
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Connect Your Account" description="Sign in or create your free account to join the pregnancy.">
      {signedInEmail !== null && <FormMessage message={`${INVITATION_REFUSALS.INVITATION_EMAIL_MISMATCH} You are signed in as ${signedInEmail}.`} />}
      <Tabs
        label="Account"
        value={tab}
        onValueChange={setTab}
        tabs={[
          { key: "signin", label: "Sign In", panel: <SignInPanel initialEmail={invitation.email} pregnancyId={invitation.pregnancyId} connect={connect} /> },
          { key: "signup", label: "Create Account", panel: <CreateAccountPanel initialEmail={invitation.email} initialFirstName={invitation.firstName ?? ""} initialLastName={invitation.lastName ?? ""} pregnancyId={invitation.pregnancyId} connect={connect} onUseSignIn={() => setTab("signin")} /> },
        ]}
      />
      <div className="mt-6 text-center">
        <Button variant="link" onClick={onBack}>
          Back
        </Button>
      </div>
    </AuthCard>
  );
}

interface PanelProps {
  initialEmail: string;
  /** The invitation's pregnancy: a new account claims the invitation there. */
  pregnancyId: string;
  connect: (account: { email: string; codeSent: boolean }, onConnected: () => Promise<void>) => Promise<void>;
}

function SignInPanel({ initialEmail, connect }: PanelProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<PartnerSignInInput>({ email: initialEmail, password: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof PartnerSignInInput, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const messageId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = partnerSignInSchema.safeParse(values);
    const found = fieldErrors<PartnerSignInInput>(result);
    setErrors(found);
    setMessage(null);
    if (!result.success) {
      focusFirstInvalid(event.currentTarget, ["email", "password"], found);
      return;
    }
    setBusy(true);
    const error = await authCall(() => authClient.signIn.email({ email: result.data.email, password: result.data.password }));
    if (error) {
      setBusy(false);
      setMessage(signInErrorMessage(error));
      return;
    }
    await connect({ email: result.data.email, codeSent: false }, async () => {
      toast({ title: AUTH_MESSAGES.welcomeBack, variant: "success" });
      await navigate({ to: "/dashboard" });
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-describedby={message ? messageId : undefined}>
      <FormMessage id={messageId} message={message} />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
        error={errors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
        error={errors.password}
      />
      <Button type="submit" fullWidth loading={busy}>
        Sign In &amp; Connect
      </Button>
    </form>
  );
}

function CreateAccountPanel({ initialEmail, initialFirstName, initialLastName, pregnancyId, connect, onUseSignIn }: PanelProps & { initialFirstName: string; initialLastName: string; onUseSignIn: () => void }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<PartnerSignUpInput>({ firstName: initialFirstName, lastName: initialLastName, email: initialEmail, password: "", confirmPassword: "", acceptTerms: false });
  const [errors, setErrors] = useState<Partial<Record<keyof PartnerSignUpInput, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const messageId = useId();
  const termsId = useId();

  const text = (name: Exclude<keyof PartnerSignUpInput, "acceptTerms">) => ({
    name,
    required: true,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = partnerSignUpSchema.safeParse(values);
    const found = fieldErrors<PartnerSignUpInput>(result);
    setErrors(found);
    setMessage(null);
    if (!result.success) {
      focusFirstInvalid(event.currentTarget, SIGN_UP_FIELDS, found);
      return;
    }
    const { firstName, lastName, email, password } = result.data;
    setBusy(true);
    // The server binds the proven invitation to the new account: confirming the email anywhere joins it.
    const error = await authPost("/sign-up/email", { email, password, name: `${firstName} ${lastName}`, firstName, lastName, partnerPregnancyId: pregnancyId });
    if (error) {
      setBusy(false);
      setMessage(invitationSignUpErrorMessage(error));
      return;
    }
    // Signed in straight away (autoSignIn); sign-up mailed the code that confirms the address.
    await connect({ email, codeSent: true }, async () => {
      toast({ ...splitToast(INVITATION_SIGNUP_MESSAGES.accountCreated), variant: "success" });
      await navigate({ to: "/dashboard" });
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-describedby={message ? messageId : undefined}>
      <FormMessage id={messageId} message={message} />
      {message === INVITATION_SIGNUP_MESSAGES.accountExists && (
        <p>
          <Button variant="link" onClick={onUseSignIn}>
            Go to the Sign In tab
          </Button>
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...text("firstName")} />
        <TextField label="Last name" autoComplete="family-name" {...text("lastName")} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...text("email")} />
      <PasswordField label="Password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH_SIGNUP} characters.`} {...text("password")} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...text("confirmPassword")} />
      <TermsCheckbox
        id={termsId}
        checked={values.acceptTerms}
        onChange={(acceptTerms) => setValues((current) => ({ ...current, acceptTerms }))}
        error={errors.acceptTerms}
        label={
          <>
            I accept the{" "}
            <a href="/terms" target="_blank" rel="noopener" className={linkClass}>
              Terms &amp; Conditions<span className="sr-only"> (opens in a new tab)</span>
            </a>{" "}
            and the{" "}
            <a href="/privacy" target="_blank" rel="noopener" className={linkClass}>
              Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        }
      />
      <Button type="submit" fullWidth loading={busy}>
        Create Account &amp; Connect
      </Button>
    </form>
  );
}

interface TermsCheckboxProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  label: ReactNode;
}

/** A native checkbox; its label holds the links, and the error is linked with aria-describedby. */
function TermsCheckbox({ id, checked, onChange, error, label }: TermsCheckboxProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name="acceptTerms"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-6 shrink-0 accent-primary"
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
