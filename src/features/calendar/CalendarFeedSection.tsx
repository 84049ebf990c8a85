import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserMode } from "../../domain/enums";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/Dialog";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";
import { SettingsSection } from "../../ui/SettingsSection";

/**
 * Settings: the participant's private calendar subscription (an .ics URL for phone and desktop
 * calendar apps) with the events they may see. The link is made when first shown and can be
 * revoked; anyone holding a revoked link gets nothing more.
 */
export function CalendarFeedSection({ pregnancyId, mode }: { pregnancyId: string; mode: UserMode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  // After the service end the link keeps working but cannot be revoked (the server refuses every change).
  const readOnly = usePregnancyReadOnly();
  const feed = useQuery(trpc.calendar.feed.get.queryOptions({ pregnancyId, mode }, { enabled: shown }));
  const revoke = useMutation(
    trpc.calendar.feed.revoke.mutationOptions({
      onSuccess: () => {
        queryClient.removeQueries(trpc.calendar.feed.get.pathFilter());
        setShown(false);
        toast({ title: "Calendar link revoked", description: "Calendar apps using it stop receiving your events.", variant: "success" });
      },
    }),
  );

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", variant: "success" });
    } catch {
      toast({ title: "Copy failed", description: "Select the link and copy it yourself.", variant: "error" });
    }
  }

  let body;
  if (!shown)
    body = (
      <Button variant="secondary" className="self-start" onClick={() => setShown(true)}>
        Show my calendar link
      </Button>
    );
  else if (feed.data) {
    const url = feed.data.url;
    body = (
      <>
        <TextField label="Your private calendar link" value={url} readOnly onFocus={(e) => e.target.select()} hint="Keep it to yourself: anyone with this link can see the events shared with you." />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void copy(url)}>Copy link</Button>
          {!readOnly && (
            <Button variant="secondary" onClick={() => setConfirmRevoke(true)}>
              Revoke link
            </Button>
          )}
        </div>
      </>
    );
  } else if (feed.isError)
    body = (
      <LoadError title="Could not load your calendar link" onRetry={() => void feed.refetch()} busy={feed.isFetching}>
        Please try again.
      </LoadError>
    );
  else body = <Spinner label="Loading your calendar link" />;

  return (
    <SettingsSection id="calendar-subscription" title="Calendar subscription" description="Add the pregnancy's events to Apple Calendar, Google Calendar or Outlook with a private link; they stay up to date there.">
      {body}
      <ConfirmDialog
        open={confirmRevoke}
        onClose={() => setConfirmRevoke(false)}
        title="Revoke your calendar link?"
        description="Calendar apps using this link stop receiving events. You can make a new link afterwards."
        confirmLabel="Revoke link"
        errorTitle="Could not revoke the link"
        onConfirm={() => revoke.mutateAsync({ pregnancyId, mode })}
      />
    </SettingsSection>
  );
}
