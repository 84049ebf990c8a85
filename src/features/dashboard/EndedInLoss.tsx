import { useId } from "react";
import { Link } from "@tanstack/react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LOSS_TEXTS } from "../../domain/pregnancyLoss";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../../ui/Button";

const linkStyle = "font-semibold text-link underline underline-offset-4 hover:no-underline";

/**
 * The top of the dashboard after a loss (issue 38): the pregnancy's title and the reader's place in
 * it, plainly, with nothing counted; the parents also get one quiet line and the way to what they
 * can do. Guests who were not told see only this, and whatever the parents share.
 */
export function EndedInLossCard({ title, displayTitle, isGuest }: { title: string; displayTitle: string; isGuest: boolean }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-card border border-border bg-surface p-5 sm:p-6">
      <h2 id={titleId} className="text-2xl font-bold break-words">
        {title}
      </h2>
      <p className="mt-1 text-muted-foreground">{isGuest ? `You are following as ${displayTitle}.` : `Your role: ${displayTitle}`}</p>
      {!isGuest && (
        <>
          <p className="mt-3">{LOSS_TEXTS.dashboardParentLine}</p>
          <p className="mt-2">
            <Link to="/pregnancy-ended" className={linkStyle}>
              {LOSS_TEXTS.dashboardParentLink}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

/** The other parent's notice of a loss recorded by their partner, until they close it. */
export function LossNotice({ scope, notice }: { scope: { pregnancyId: string; mode: "parent" | "guest" }; notice: { id: string; by: string; babyName: string | null } }) {
  const headingId = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dismiss = useMutation(trpc.pregnancyLoss.dismissNotice.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries(trpc.pregnancy.details.pathFilter()) }));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-5">
      <h2 id={headingId} className="text-xl font-bold">
        {LOSS_TEXTS.partnerNoticeHeading}
      </h2>
      <p>{notice.babyName ? LOSS_TEXTS.partnerNoticeBaby(notice.by, notice.babyName) : LOSS_TEXTS.partnerNotice(notice.by)}</p>
      <div className="flex flex-wrap items-center gap-4">
        <Link to="/pregnancy-ended" className={linkStyle}>
          {LOSS_TEXTS.partnerNoticeOpen}
        </Link>
        <Button variant="secondary" size="sm" loading={dismiss.isPending} onClick={() => dismiss.mutate({ ...scope, lossId: notice.id })}>
          {LOSS_TEXTS.dismiss}
        </Button>
      </div>
    </section>
  );
}
