import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { DATA_EXPORT_MESSAGES, closedExportUntil, type ExportKind } from "../../domain/dataExport";
import { formatBytes } from "../../lib/formatBytes";
import { serverErrorText } from "../../lib/serverError";
import { useTRPC } from "../../lib/trpc";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { buttonStyles } from "../../ui/buttonStyles";
import { Skeleton } from "../../ui/Skeleton";
import { dateFormat, formatNumber } from "../../lib/format";

const DESCRIPTIONS: Record<ExportKind, string> = {
  family: DATA_EXPORT_MESSAGES.familyDescription,
  own: DATA_EXPORT_MESSAGES.ownDescription,
  account: DATA_EXPORT_MESSAGES.accountDescription,
};

const timeFormat = dateFormat({ timeStyle: "short" });
const dayFormat = dateFormat({ dateStyle: "long" });

/**
 * One download: prepared on demand (the server sizes it and mails the account), then fetched by the
 * browser itself from links that work for an hour (one per zip, for a large family), so its download
 * bar shows the progress against the exact size and a stopped download can simply be started again.
 */
function ExportRow({ pregnancyId, title, kind, closedAt }: { pregnancyId: string | null; title: string; kind: ExportKind; closedAt?: Date | null }) {
  const trpc = useTRPC();
  const [message, setMessage] = useState<string | null>(null);
  const prepare = useMutation(trpc.dataExport.prepare.mutationOptions({ onError: (error) => setMessage(serverErrorText(error) ?? "We could not prepare the download. Please try again.") }));
  const ready = prepare.data;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-4">
      <h3 className="font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">{DESCRIPTIONS[kind]}</p>
      {closedAt && <p className="text-sm">{DATA_EXPORT_MESSAGES.closedUntil(title, dayFormat.format(closedExportUntil(closedAt)))}</p>}
      <FormMessage message={message} />
      {ready ? (
        <div className="flex flex-col gap-2" role="status">
          <p className="text-sm">
            Ready: {formatNumber(ready.photos)} {ready.photos === 1 ? "photo" : "photos"} in {formatNumber(ready.files)} files, {formatBytes(ready.bytes)}.
          </p>
          {ready.parts.length > 1 && <p className="text-sm">It comes in {ready.parts.length} zips: the records are in the first, the photos spread over all of them.</p>}
          <ul className="flex flex-wrap gap-2">
            {ready.parts.map((part) => {
              const label = part.of > 1 ? DATA_EXPORT_MESSAGES.downloadPart(part) : DATA_EXPORT_MESSAGES.download;
              return (
                <li key={part.number}>
                  <a className={buttonStyles({ variant: part.number === 1 ? "primary" : "secondary" })} href={part.url} download={part.fileName} aria-label={`${label} (${formatBytes(part.bytes)}): ${title}`}>
                    {label} ({formatBytes(part.bytes)})
                  </a>
                </li>
              );
            })}
          </ul>
          <p className="text-sm text-muted-foreground">{DATA_EXPORT_MESSAGES.linkValid(timeFormat.format(ready.expiresAt))}</p>
        </div>
      ) : (
        <div>
          <Button
            variant="secondary"
            loading={prepare.isPending}
            aria-label={`${DATA_EXPORT_MESSAGES.prepare}: ${title}`}
            onClick={() => {
              setMessage(null);
              prepare.mutate({ pregnancyId });
            }}
          >
            {DATA_EXPORT_MESSAGES.prepare}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Every download the user may take: each pregnancy they are in (or owned, until its closed days end) and their account. */
export function DataExportPanel({ onlyPregnancyId }: { onlyPregnancyId?: string }) {
  const trpc = useTRPC();
  // A refusal (an email not yet confirmed) is said in the panel itself, not in a 'Data Access Error' toast.
  const options = useQuery(trpc.dataExport.options.queryOptions(undefined, { meta: { isolationToast: false } }));
  if (options.isPending) return <Skeleton className="h-24" />;
  if (options.isError) return <FormMessage message={serverErrorText(options.error) ?? "We could not load your downloads."} />;
  const shown = onlyPregnancyId ? options.data.filter((option) => option.pregnancyId === onlyPregnancyId) : options.data;
  return (
    <div className="flex flex-col gap-3">
      {shown.map((option) => (
        <ExportRow key={option.pregnancyId} pregnancyId={option.pregnancyId} title={option.title} kind={option.kind} closedAt={option.closedAt} />
      ))}
      {!onlyPregnancyId && <ExportRow pregnancyId={null} title="Your account" kind="account" />}
    </div>
  );
}
