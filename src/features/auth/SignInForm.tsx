import { useRef, useState, type FormEvent } from "react";
import { authPost } from "../../lib/authRequest";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { EmailField } from "./EmailField";
import { toast } from "../../ui/toast";
import { AuthCard } from "../../ui/AuthLayout";
import { signInErrorMessage } from "./authErrors";
import { AuthLink, useAuthFlow } from "./flow";
import { AUTH_MESSAGES } from "./messages";
import { resendConfirmation } from "./resendConfirmation";
import type { GuestInvite } from "./search";
import { useCompleteSignIn, useGoOnAfterSignIn } from "./useCompleteSignIn";
import { validateSignIn } from "./validation";

const MESSAGE_ID = "sign-in-message";

/** The password form; through a guest invitation link it also takes the invitation (`invite`). */
export function SignInForm({ initialEmail = "", invite = {} }: { initialEmail?: string | undefined; invite?: Partial<GuestInvite> }) {
  const flow = useAuthFlow();
  const completeSignIn = useCompleteSignIn();
  const goOn = useGoOnAfterSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateSignIn(email, password);
    setShowMissing(Boolean(invalid));
    setMessage(invalid);
    if (invalid) {
      (email.trim() ? passwordRef : emailRef).current?.focus();
      return;
    }
    setBusy(true);
    const error = await authPost("/sign-in/email", { email: email.trim(), password });
    if (error) {
      setBusy(false);
      setMessage(signInErrorMessage(error));
      return;
    }
    toast({ title: AUTH_MESSAGES.welcomeBack, variant: "success" });
    if (await completeSignIn(invite.token)) {
      // The invitation waits for a confirmed email: send a code and take it there.
      await resendConfirmation(email.trim());
      flow.showAuth({ mode: "verify", email: email.trim(), ...invite });
      return;
    }
    await goOn();
  }

  const trimmedEmail = email.trim();
  const emailSearch = trimmedEmail ? { email: trimmedEmail } : {};
  const invited = invite.invite_type === "guest";
  return (
    <AuthCard title="Welcome Back" description={invited ? "Sign in to your BabySteps account to join the pregnancy you were invited to." : "Sign in to follow your pregnancy journey."}>
      <form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-describedby={message ? MESSAGE_ID : undefined}>
        <FormMessage id={MESSAGE_ID} message={message} />
        <EmailField inputRef={emailRef} value={email} onChange={setEmail} invalid={showMissing && !trimmedEmail} messageId={MESSAGE_ID} />
        <TextField
          ref={passwordRef}
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          invalid={showMissing && !password}
          describedBy={showMissing && !password ? MESSAGE_ID : undefined}
        />
        <div className="-mt-2 text-right">
          <Button variant="link" onClick={() => flow.showAuth({ mode: "forgot", ...emailSearch })}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" fullWidth loading={busy}>
          Sign In
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        <Button variant="link" onClick={() => flow.showAuth({ mode: "code", ...emailSearch, ...invite })}>
          Login via email code instead
        </Button>
        <p className="text-muted-foreground">
          New to BabySteps?{" "}
          <AuthLink search={{ mode: "signup", ...emailSearch, ...invite }} className="font-semibold text-link underline underline-offset-4 hover:no-underline">
            {invited ? "Create your free guest account" : "Create an account"}
          </AuthLink>
        </p>
      </div>
    </AuthCard>
  );
}
