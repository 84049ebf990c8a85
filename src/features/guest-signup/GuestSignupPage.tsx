import { useEffect, useRef, useState, type FormEvent } from "react";
import { getRouteApi, Link, useNavigate, useRouteContext } from "@tanstack/react-router";
import { useMutation } from "@tanstack/react-query";
import { GUEST_SIGNUP_MESSAGES, guestJoinErrorTitle, guestSignUpSchema } from "../../domain/auth";
import { authPost } from "../../lib/authRequest";
import { fieldErrors } from "../../lib/formErrors";
import { appCodeOf } from "../../lib/query-client";
import { useTRPC } from "../../lib/trpc";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { buttonStyles } from "../../ui/buttonStyles";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { AuthCard } from "../../ui/AuthLayout";
import { EMAIL_NOT_CONFIRMED_CODE, isAccountExistsError } from "../auth/authErrors";
import { useAuthFlow } from "../auth/flow";
import { VerifyEmailForm } from "../auth/VerifyEmailForm";
import { GUEST_BENEFITS, GUEST_TEXTS, guestSignUpErrorMessage } from "./messages";
import { PASSWORD_MIN_LENGTH_SIGNUP } from "../../domain/authRules";

export const GUEST_EXISTING_ACCOUNT_REDIRECT_MS = 2000;

const route = getRouteApi("/guest-signup");
const MESSAGE_ID = "guest-signup-message";
const FIELD_ORDER = ["firstName", "lastName", "email", "password", "invitationCode"] as const;

type Field = (typeof FIELD_ORDER)[number];
type Values = Record<Field, string>;

/**
 * /guest-signup (onboarding spec 2, 5, 8): a free guest account, then, with an invitation code,
 * join_pregnancy_with_code. If the code fails the account already exists: the guest may try
 * another code or go on to the dashboard. Joining needs a confirmed email, so the guest enters the
 * code their sign-up mailed them right here, and the join goes on.
 */
export function GuestSignupPage() {
  const { code } = route.useSearch();
  const navigate = useNavigate();
  const { showAuth } = useAuthFlow();
  const { auth } = useRouteContext({ from: "__root__" });
  const trpc = useTRPC();
  // Refusals are shown in the form, not as a data-access toast.
  const join = useMutation(trpc.invitations.joinByCode.mutationOptions({ meta: { isolationToast: false } }));
  const [values, setValues] = useState<Values>({ firstName: "", lastName: "", email: "", password: "", invitationCode: code ?? "" });
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [accountCreated, setAccountCreated] = useState(false);
  const [existingEmail, setExistingEmail] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ email: string; invitationCode: string } | null>(null);
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    invitationCode: useRef<HTMLInputElement>(null),
  };

  // An existing account: say so, then sign in instead.
  useEffect(() => {
    if (existingEmail === null) return;
    const timer = setTimeout(() => showAuth({ email: existingEmail }), GUEST_EXISTING_ACCOUNT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [existingEmail, showAuth]);

  const field = (name: Field) => ({
    ref: refs[name],
    name,
    value: values[name],
    invalid: Boolean(invalid[name]),
    describedBy: invalid[name] ? MESSAGE_ID : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (invalid[name] && value.trim()) setInvalid((current) => ({ ...current, [name]: undefined }));
    },
  });

  async function joinWithCode(invitationCode: string) {
    try {
      const joined = await join.mutateAsync({ code: invitationCode });
      toast({ title: GUEST_SIGNUP_MESSAGES.welcome, description: GUEST_TEXTS.welcomeDescription(joined.pregnancy_title), variant: "success" });
      await navigate({ to: "/dashboard" });
    } catch (error) {
      setBusy(false);
      if (appCodeOf(error) === EMAIL_NOT_CONFIRMED_CODE) {
        setConfirming({ email: values.email.trim(), invitationCode });
        return;
      }
      setInvalid({ invitationCode: "invalid" });
      setMessage(`${guestJoinErrorTitle(appCodeOf(error))}: ${GUEST_TEXTS.joinFailedDescription}`);
      refs.invitationCode.current?.focus();
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (accountCreated) {
      const retryCode = values.invitationCode.trim();
      if (!retryCode) {
        setInvalid({ invitationCode: GUEST_SIGNUP_MESSAGES.missingInformation });
        setMessage(GUEST_SIGNUP_MESSAGES.missingInformation);
        refs.invitationCode.current?.focus();
        return;
      }
      setBusy(true);
      await joinWithCode(retryCode);
      return;
    }
    const parsed = guestSignUpSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors<Values>(parsed);
      setInvalid(found);
      setMessage(GUEST_SIGNUP_MESSAGES.missingInformation);
      const firstInvalid = FIELD_ORDER.find((name) => found[name]);
      if (firstInvalid) refs[firstInvalid].current?.focus();
      return;
    }
    setInvalid({});
    setMessage(null);
    setBusy(true);
    const { firstName, lastName, email, password, invitationCode } = parsed.data;
    // The typed code is the invitation's token: the server binds it to the new account, taken once the email is confirmed anywhere.
    const error = await authPost("/sign-up/email", { email, password, name: `${firstName} ${lastName}`, firstName, lastName, ...(invitationCode ? { invitationToken: invitationCode } : {}) });
    if (error) {
      setMessage(guestSignUpErrorMessage(error));
      if (isAccountExistsError(error)) {
        toast({ title: GUEST_SIGNUP_MESSAGES.accountExists, description: GUEST_TEXTS.accountExistsDescription, variant: "error" });
        setExistingEmail(email);
        return;
      }
      setBusy(false);
      return;
    }
    // Signed in straight away (autoSignIn), so the join call is the new guest's.
    await auth.refresh().catch(() => null);
    if (!invitationCode) {
      toast({ title: GUEST_SIGNUP_MESSAGES.accountCreated, description: GUEST_TEXTS.accountCreatedDescription, variant: "success" });
      await navigate({ to: "/dashboard" });
      return;
    }
    setAccountCreated(true);
    await joinWithCode(invitationCode);
  }

  if (confirming) {
    return (
      <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-8 sm:py-12">
        <VerifyEmailForm
          email={confirming.email}
          onVerified={async () => {
            await auth.refresh().catch(() => null);
            setConfirming(null);
            setBusy(true);
            await joinWithCode(confirming.invitationCode);
          }}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-8 sm:py-12">
      <AuthCard title="Join as a Guest" description="Create your free guest account to follow a pregnancy you were invited to.">
        <h2 className="text-base font-semibold">As a guest you can</h2>
        <ul className="mt-2 mb-6 list-disc space-y-1 pl-5 text-muted-foreground">
          {GUEST_BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
          <FormMessage id={MESSAGE_ID} message={message} />
          {!accountCreated && (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="First name" autoComplete="given-name" required {...field("firstName")} />
                <TextField label="Last name" autoComplete="family-name" required {...field("lastName")} />
              </div>
              <TextField label="Email" type="email" autoComplete="email" required {...field("email")} />
              <TextField label="Password" type="password" autoComplete="new-password" required hint={`At least ${PASSWORD_MIN_LENGTH_SIGNUP} characters.`} {...field("password")} />
            </>
          )}
          <TextField
            label="Invitation code (optional)"
            autoComplete="off"
            spellCheck={false}
            hint="From your invitation email. You can also join later from an invitation link."
            {...field("invitationCode")}
          />
          <Button type="submit" fullWidth loading={busy}>
            {accountCreated ? "Join with Code" : "Create Guest Account"}
          </Button>
        </form>
        <div className="mt-6 flex flex-col items-center gap-3 text-center">
          {accountCreated ? (
            <Link to="/dashboard" className={buttonStyles({ variant: "link" })}>
              Continue to Dashboard
            </Link>
          ) : (
            <Link to="/" className={buttonStyles({ variant: "link" })}>
              Back
            </Link>
          )}
        </div>
      </AuthCard>
    </div>
  );
}
