import { useState, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { UserMode } from "../../domain/enums";
import { CLOSED_PREGNANCIES_SECTION, landingAfterDeletion, OWNERSHIP_SECTION, PREGNANCY_DELETION_MESSAGES, PREGNANCY_DELETION_REMOVES, refundNote, titleConfirms } from "../../domain/pregnancyDeletion";
import { HAND_OVER_MESSAGES } from "../../domain/pregnancyHandOver";
import { CLOSED_KEEPING } from "../../domain/pregnancyClosing";
import { closedExportUntil } from "../../domain/dataExport";
import { readOnlyUntil } from "../../domain/dates";
import { dateFormat, formatDateOnly } from "../../lib/format";
import { serverErrorText } from "../../lib/serverError";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog, Dialog } from "../../ui/Dialog";
import { SettingsSection } from "../../ui/SettingsSection";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";

interface OwnerScope {
  pregnancyId: string;
  mode: UserMode;
  title: string;
}

/** The partner who can take over: active, with an account of their own. */
function useJoinedPartner(scope: OwnerScope) {
  const trpc = useTRPC();
  const list = useQuery(trpc.participants.list.queryOptions({ pregnancyId: scope.pregnancyId, mode: scope.mode }));
  const partner = list.data?.find((p) => p.role === "partner" && p.status === "active" && p.userId !== null);
  return { isLoading: list.isPending, partner: partner ? { participantId: partner.id, name: [partner.firstName, partner.lastName].filter(Boolean).join(" ") || partner.displayTitle } : null };
}

/** The owner makes the joined partner the owner; what changes, billing included, is said first. */
function HandOver(scope: OwnerScope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { isLoading, partner } = useJoinedPartner(scope);
  const handOver = useMutation(trpc.pregnancy.handOver.mutationOptions());

  async function confirm() {
    if (!partner) return;
    await handOver.mutateAsync({ pregnancyId: scope.pregnancyId, mode: scope.mode, participantId: partner.participantId });
    // Role, billing and what settings shows all changed.
    await queryClient.invalidateQueries();
    toast({ title: HAND_OVER_MESSAGES.handedOverToast(partner.name), variant: "success" });
  }

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{HAND_OVER_MESSAGES.sectionTitle}</h3>
      <p className="text-sm text-muted-foreground">{HAND_OVER_MESSAGES.explanation(scope.title)}</p>
      {isLoading ? null : partner ? (
        <>
          <div>
            <Button variant="secondary" onClick={() => setOpen(true)}>
              {HAND_OVER_MESSAGES.button(partner.name)}
            </Button>
          </div>
          <ConfirmDialog
            open={open}
            onClose={() => setOpen(false)}
            title={HAND_OVER_MESSAGES.dialogTitle(partner.name)}
            description={
              <ul className="list-disc pl-5 text-sm">
                {HAND_OVER_MESSAGES.whatChanges(partner.name).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            }
            confirmLabel={HAND_OVER_MESSAGES.confirm(partner.name)}
            onConfirm={confirm}
            errorTitle={HAND_OVER_MESSAGES.failed}
            destructive={false}
          />
        </>
      ) : (
        <p className="text-sm">{HAND_OVER_MESSAGES.noPartner}</p>
      )}
    </div>
  );
}

/** Deleting the pregnancy for everyone: exactly what goes is listed, and the owner types its title to confirm. */
function DeletePregnancy({ subscribed, heading = PREGNANCY_DELETION_MESSAGES.sectionTitle, children, ...scope }: OwnerScope & { subscribed: boolean; heading?: string; children?: ReactNode }) {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const remove = useMutation(trpc.pregnancy.delete.mutationOptions());

  function close() {
    setOpen(false);
    setTyped("");
    setMessage(null);
  }

  async function deleteNow() {
    setMessage(null);
    let refund;
    try {
      ({ refund } = await remove.mutateAsync({ pregnancyId: scope.pregnancyId, mode: scope.mode, confirmTitle: typed }));
    } catch (error) {
      setMessage(serverErrorText(error) ?? PREGNANCY_DELETION_MESSAGES.failed);
      return;
    }
    // Where to go is decided on what is left, read fresh: the cached list still holds the deleted pregnancy.
    const landing = landingAfterDeletion(await trpcClient.pregnancy.mine.query());
    await queryClient.invalidateQueries();
    toast({ title: PREGNANCY_DELETION_MESSAGES.deletedToast(scope.title), description: refundNote(refund), variant: "success" });
    await navigate({ to: landing });
  }

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{heading}</h3>
      {children}
      <p className="text-sm text-muted-foreground">{PREGNANCY_DELETION_MESSAGES.explanation(scope.title)}</p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {PREGNANCY_DELETION_MESSAGES.confirm}
        </Button>
      </div>
      <Dialog open={open} onClose={remove.isPending ? () => undefined : close} title={PREGNANCY_DELETION_MESSAGES.dialogTitle(scope.title)} description={PREGNANCY_DELETION_MESSAGES.intro}>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void deleteNow();
          }}
        >
          <ul className="list-disc pl-5 text-sm">
            {PREGNANCY_DELETION_REMOVES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {subscribed && <p className="text-sm font-semibold">{PREGNANCY_DELETION_MESSAGES.subscription}</p>}
          <FormMessage message={message} />
          <TextField label={PREGNANCY_DELETION_MESSAGES.typeTitle(scope.title)} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} data-autofocus />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={remove.isPending} disabled={!titleConfirms(typed, scope.title)}>
              {PREGNANCY_DELETION_MESSAGES.confirm}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

/**
 * Settings > Ownership, for the pregnancy's owner only: the two ways out of owning it (hand it to the
 * partner, or delete it), without which the owner could neither leave nor delete their account.
 */
export function OwnerChoicesSection({ subscribed, ...scope }: OwnerScope & { subscribed: boolean }) {
  return (
    <SettingsSection id="ownership" title={OWNERSHIP_SECTION.title} description={OWNERSHIP_SECTION.description(scope.title)}>
      <div className="flex flex-col gap-5">
        <HandOver {...scope} />
        <DeletePregnancy {...scope} subscribed={subscribed} />
      </div>
    </SettingsSection>
  );
}

const dayFormat = dateFormat({ dateStyle: "long" });

/** The two dates of a closed pregnancy's data, each with what it means: until when it downloads, until when it is kept. */
function ClosedKeeping({ closedAt, serviceEndDate }: { closedAt: Date | null; serviceEndDate: string }) {
  const downloadUntil = closedAt ? closedExportUntil(closedAt) : null;
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
      {downloadUntil && <li>{downloadUntil.getTime() < Date.now() ? CLOSED_KEEPING.downloadEnded(dayFormat.format(downloadUntil)) : CLOSED_KEEPING.download(dayFormat.format(downloadUntil))}</li>}
      <li>{CLOSED_KEEPING.kept(formatDateOnly(readOnlyUntil(serviceEndDate)))}</li>
    </ul>
  );
}

/**
 * Settings > Closed pregnancies: the ones the user cancelled as owner. Nothing else opens them, but
 * deleting them does, so no family waits out the retention years to see everything go.
 */
export function ClosedPregnanciesSection() {
  const trpc = useTRPC();
  const closed = useQuery(trpc.pregnancy.closedOwned.queryOptions());
  if (!closed.data?.length) return null;
  return (
    <SettingsSection id="closed-pregnancies" title={CLOSED_PREGNANCIES_SECTION.title} description={CLOSED_PREGNANCIES_SECTION.description}>
      <div className="flex flex-col gap-5">
        {closed.data.map((pregnancy) => (
          <DeletePregnancy key={pregnancy.pregnancyId} pregnancyId={pregnancy.pregnancyId} mode="parent" title={pregnancy.title} subscribed={false} heading={pregnancy.title}>
            <ClosedKeeping closedAt={pregnancy.closedAt} serviceEndDate={pregnancy.serviceEndDate} />
          </DeletePregnancy>
        ))}
      </div>
    </SettingsSection>
  );
}
