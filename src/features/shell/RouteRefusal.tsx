import { useRouter } from "@tanstack/react-router";
import { useDocumentTitle } from "../../lib/document-title";
import { Button } from "../../ui/Button";
import { LockIcon } from "../../ui/icons";

/** A route the user may not open: a lock, the reason, and Go Back (to the dashboard when there is no history). */
export function RouteRefusal({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title);
  const router = useRouter();
  function goBack() {
    if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: "/dashboard" });
  }
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-lavender text-foreground">
        <LockIcon className="size-7" />
      </span>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Button variant="secondary" onClick={goBack}>
        Go Back
      </Button>
    </div>
  );
}
