import { useEffect, useSyncExternalStore } from "react";
import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { useDocumentTitle } from "../../lib/document-title";
import { Button } from "../../ui/Button";
import { BOUNDARY_TEXTS, boundaryMessage, boundaryTitle, categorizeError, errorMessageOf } from "../../domain/errors";

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** The error screen (core spec 2): 'Connection Issue' for network errors, else 'Something went wrong'. */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const category = online ? categorizeError(error) : "network";
  const title = boundaryTitle(category);
  const message = errorMessageOf(error);
  useDocumentTitle(title);

  useEffect(() => {
    console.error(JSON.stringify({ level: "error", category, message, url: window.location.href }));
  }, [message, category]);

  // A network error retries by itself when the browser comes back online (core spec 4).
  useEffect(() => {
    if (category !== "network") return;
    const retry = () => {
      reset();
      void router.invalidate();
    };
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [category, reset, router]);

  function tryAgain() {
    reset();
    void router.invalidate();
  }

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-start gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{boundaryMessage(category, online)}</p>
      {!online && <p role="status">{BOUNDARY_TEXTS.waitingForConnection}</p>}
      <details className="w-full rounded-xl border border-border bg-surface p-3 text-sm">
        <summary className="cursor-pointer font-semibold">{BOUNDARY_TEXTS.technicalDetails}</summary>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-words text-muted-foreground">{message}</pre>
      </details>
      <div className="flex flex-wrap gap-3">
        <Button onClick={tryAgain}>Try Again</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {BOUNDARY_TEXTS.reloadPage}
        </Button>
      </div>
    </div>
  );
}

/** The same screen when the root layout itself failed: it brings its own main landmark. */
export function RootErrorFallback(props: ErrorComponentProps) {
  return (
    <main id="main" className="min-h-dvh">
      <ErrorFallback {...props} />
    </main>
  );
}
