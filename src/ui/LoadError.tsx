import { Alert } from "./Alert";
import { Button } from "./Button";

/** A load that failed: the spec's title, what is missing, and 'Try Again'. */
export function LoadError({ title, children = "Please check your connection and try again.", onRetry, busy = false }: { title: string; children?: string; onRetry: () => void; busy?: boolean }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert title={title}>{children}</Alert>
      <Button variant="secondary" onClick={onRetry} loading={busy}>
        Try Again
      </Button>
    </div>
  );
}
