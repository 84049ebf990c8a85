import { useId, useState } from "react";
import { useAppUpdate } from "../../lib/serviceWorker";
import { Button } from "../../ui/Button";
import { UPDATE_TEXTS } from "./appTexts";

/**
 * Shown while a new version of the app waits (src/lib/serviceWorker.ts): it stays until the person
 * reloads, since the update never starts on its own in the middle of what they are doing.
 */
export function UpdatePrompt() {
  const headingId = useId();
  const { waiting, reload } = useAppUpdate();
  const [reloading, setReloading] = useState(false);
  if (!waiting) return null;
  return (
    <section aria-labelledby={headingId} className="fixed inset-x-0 bottom-20 z-50 mx-auto flex w-[calc(100%-2rem)] max-w-md items-center gap-3 rounded-2xl border border-border bg-surface p-4 shadow-lg md:bottom-4 print:hidden">
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="font-semibold">
          {UPDATE_TEXTS.title}
        </h2>
        <p className="text-sm text-muted-foreground">{UPDATE_TEXTS.body}</p>
      </div>
      <Button
        loading={reloading}
        onClick={() => {
          setReloading(true);
          reload();
        }}
      >
        {UPDATE_TEXTS.reload}
      </Button>
    </section>
  );
}
