import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { closedExportUntil } from "../../domain/dataExport";
import { CLOSING_MESSAGES, closingLines } from "../../domain/pregnancyClosing";
import { dateFormat } from "../../lib/format";
import { DismissibleNotice } from "../../ui/DismissibleNotice";
import { useTRPC } from "../../lib/trpc";
import { DataExportPanel } from "../data-export/DataExportPanel";
import type { ModeContext } from "../pregnancy-context/useAppMode";

const dayFormat = dateFormat({ dateStyle: "long" });

type ClosingNotice = ModeContext["closingNotices"][number];

/** One pregnancy closed under the partner or a guest: what happened and what it means for them, until they dismiss it. */
function ClosingNoticeCard({ notice }: { notice: ClosingNotice }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dismiss = useMutation(trpc.pregnancy.dismissClosingNotice.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.account.modeContext.queryFilter()) }));
  const closedAt = new Date(notice.closedAt);
  const heading = CLOSING_MESSAGES.closedHeading(notice.title);
  const lines = closingLines(notice.role, { title: notice.title, closedBy: notice.closedBy, closedOn: dayFormat.format(closedAt), downloadUntil: dayFormat.format(closedExportUntil(closedAt)) });
  return (
    <DismissibleNotice
      heading={heading}
      lines={lines}
      dismiss={{ label: CLOSING_MESSAGES.dismiss, accessibleName: CLOSING_MESSAGES.dismissLabel(notice.title), onDismiss: () => dismiss.mutate({ noticeId: notice.id }), pending: dismiss.isPending }}
    />
  );
}

/** The notices of pregnancies closed under the user (they come with the mode's read: no request of their own). */
export function ClosingNotices({ notices }: { notices: readonly ClosingNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      {notices.map((notice) => (
        <ClosingNoticeCard key={notice.id} notice={notice} />
      ))}
    </div>
  );
}

/**
 * The owner's dashboard after cancelling: the pregnancies they closed that can still be downloaded,
 * each with what closing did and its download; deleting it now, and how long it is kept, are in Settings.
 */
export function ClosedPregnancies() {
  const trpc = useTRPC();
  const closed = useQuery(trpc.pregnancy.closedOwned.queryOptions());
  const now = Date.now();
  const shown = (closed.data ?? []).filter((pregnancy) => pregnancy.closedAt && closedExportUntil(pregnancy.closedAt).getTime() >= now);
  return (
    <div className="flex flex-col gap-4">
      {shown.map((pregnancy) => {
        const headingId = `closed-${pregnancy.pregnancyId}`;
        return (
          <section key={pregnancy.pregnancyId} aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5">
            <h2 id={headingId} className="text-xl font-bold">
              {CLOSING_MESSAGES.ownerHeading(pregnancy.title)}
            </h2>
            {pregnancy.closedAt && <p>{CLOSING_MESSAGES.ownerCard(dayFormat.format(pregnancy.closedAt))}</p>}
            <DataExportPanel onlyPregnancyId={pregnancy.pregnancyId} />
            <Link to="/settings" hash="closed-pregnancies" className="font-semibold text-link underline underline-offset-4 hover:no-underline">
              {CLOSING_MESSAGES.ownerSettingsLink}
            </Link>
          </section>
        );
      })}
    </div>
  );
}
