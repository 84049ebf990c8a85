import { useDocumentTitle } from "../../lib/document-title";
import { buttonStyles } from "../../ui/buttonStyles";
import { AuthLink } from "../auth/flow";

/** Placeholder home for visitors (signed-in users are sent on to /dashboard by the route). */
export function HomePage() {
  useDocumentTitle();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">BabySteps</h1>
      <p className="max-w-xl text-lg text-muted-foreground sm:text-xl">
        Plan your pregnancy, keep every milestone in one place, and share the journey with your partner, family and friends.
      </p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <AuthLink search={{ mode: "signup" }} className={buttonStyles({ size: "lg" })}>
          Get Started
        </AuthLink>
        <AuthLink search={{}} className={buttonStyles({ variant: "secondary", size: "lg" })}>
          Sign In
        </AuthLink>
      </div>
    </div>
  );
}
