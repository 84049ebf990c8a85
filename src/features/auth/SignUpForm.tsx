import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useRouteContext } from "@tanstack/react-router";
import { authClient } from "../../lib/auth-client";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { PASSWORD_MIN_LENGTH_SIGNUP } from "../../domain/constants";
import { AuthCard } from "./AuthLayout";
import { authCall, signUpErrorMessage } from "./authErrors";
import { AUTH_MESSAGES } from "./messages";
import { validateSignUp, type SignUpErrors, type SignUpValues } from "./validation";

const FIELD_ORDER = ["firstName", "lastName", "email", "password"] as const satisfies readonly (keyof SignUpValues)[];
const linkClass = "font-semibold text-link underline underline-offset-4 hover:no-underline";

export function SignUpForm({ initialEmail = "" }: { initialEmail?: string | undefined }) {
  const navigate = useNavigate();
  const { auth } = useRouteContext({ from: "__root__" });
  const [values, setValues] = useState<SignUpValues>({ firstName: "", lastName: "", email: initialEmail, password: "" });
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
    setBusy(true);
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    const email = values.email.trim();
    const error = await authCall(() =>
      authClient.signUp.email({ email, password: values.password, name: `${firstName} ${lastName}`, firstName, lastName }),
    );
    if (error) {
      setBusy(false);
      setMessage(signUpErrorMessage(error));
      return;
    }
    // Signed in straight away (autoSignIn); the emailed code confirms the address.
    await auth.refresh().catch(() => null);
    await navigate({ to: "/auth", search: { mode: "verify", email } });
  }

  return (
    <AuthCard title="Create Your Account" description="Start planning and sharing your pregnancy journey.">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormMessage message={message} />
        {message === AUTH_MESSAGES.accountExists && (
          <p>
            <Link to="/auth" search={{ email: values.email.trim() }} className={linkClass}>
              Go to sign in
            </Link>
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field("firstName")} />
          <TextField label="Last name" autoComplete="family-name" {...field("lastName")} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <TextField label="Password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH_SIGNUP} characters.`} {...field("password")} />
        <Button type="submit" fullWidth loading={busy}>
          Create Account
        </Button>
      </form>
      <p className="mt-6 text-center text-muted-foreground">
        Already have an account?{" "}
        <Link to="/auth" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
