import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatPrice } from "../../domain/billing";
import { GUEST_PRIVACY_LEVELS, type GuestPrivacyLevel } from "../../domain/enums";
import { LOSS_MEMORIES, LOSS_MEMORY_LABELS, LOSS_TEXTS, type LossMemories } from "../../domain/pregnancyLoss";
import { useDocumentTitle } from "../../lib/document-title";
import { PRIVACY_LEVEL_LABELS } from "../../lib/labels";
import { serverErrorText } from "../../lib/serverError";
import { useTRPC, type RouterOutputs } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/Dialog";
import { TextAreaField } from "../../ui/fields";
import { LoadError } from "../../ui/LoadError";
import { PageHeader } from "../../ui/PageHeader";
import { RadioCards } from "../../ui/RadioCards";
import { SectionLoading, SettingsSection } from "../../ui/SettingsSection";
import { toast } from "../../ui/toast";
import { useCurrentPregnancy } from "../pregnancy-context/currentPregnancy";

type Scope = { pregnancyId: string; mode: "parent" | "guest" };
type Overview = RouterOutputs["pregnancyLoss"]["overview"];

/** Every screen reads the loss: after a change, everything is read again. */
function useReloadAll() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}

const failed = (title: string) => (error: unknown) => toast({ title, description: serverErrorText(error) ?? "Please try again.", variant: "error" });

/**
 * /pregnancy-ended (issue 38): where a parent records that the pregnancy, or one baby of several,
 * has ended in loss, and then, in their own time, undoes it, tells the family, cancels
 * celebrations, decides what the family keeps and sees the subscription stop. Nothing here
 * celebrates or hurries.
 */
export function PregnancyLossPage() {
  useDocumentTitle(LOSS_TEXTS.settingsHeading);
  const current = useCurrentPregnancy();
  const scope: Scope | null = current.pregnancyId ? { pregnancyId: current.pregnancyId, mode: current.mode } : null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader title={LOSS_TEXTS.settingsHeading} description={LOSS_TEXTS.settingsIntro} />
      {current.isLoading ? <SectionLoading label="Loading..." /> : scope ? <LossSections scope={scope} /> : <p>There is no pregnancy here.</p>}
    </div>
  );
}

function LossSections({ scope }: { scope: Scope }) {
  const trpc = useTRPC();
  const overview = useQuery(trpc.pregnancyLoss.overview.queryOptions(scope));
  if (overview.isPending) return <SectionLoading label="Loading..." />;
  if (overview.isError) return <LoadError title="This page did not load" onRetry={() => void overview.refetch()} busy={overview.isFetching} />;
  const data = overview.data;
  const pregnancyLoss = data.losses.find((loss) => loss.babyId === null) ?? null;
  return (
    <>
      {data.losses.map((loss) => (
        <RecordedLoss key={loss.id} scope={scope} loss={loss} />
      ))}
      {!pregnancyLoss && <RecordLoss scope={scope} babies={data.babies} />}
      {data.losses.length > 0 && <TellFamily scope={scope} draft={data.draft} people={data.people} />}
      {pregnancyLoss && (
        <>
          <Celebrations scope={scope} celebrations={data.celebrations} />
          <Memories scope={scope} memories={data.memories} />
          {data.billing && <Billing scope={scope} billing={data.billing} refund={pregnancyLoss.refund} />}
        </>
      )}
      {data.supportUrl && (
        <p>
          <a href={data.supportUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-link underline underline-offset-4 hover:no-underline">
            {LOSS_TEXTS.support}
          </a>
        </p>
      )}
    </>
  );
}

function RecordLoss({ scope, babies }: { scope: Scope; babies: Overview["babies"] }) {
  const trpc = useTRPC();
  const reload = useReloadAll();
  const remaining = babies.filter((baby) => !baby.lost);
  const [choice, setChoice] = useState<string>("pregnancy");
  const [confirming, setConfirming] = useState(false);
  const record = useMutation(trpc.pregnancyLoss.record.mutationOptions({ onSuccess: () => toast({ title: LOSS_TEXTS.recorded }) }));
  const chosenBaby = remaining.find((baby) => baby.id === choice) ?? null;
  // One baby of several can be set apart only while another remains; otherwise it is the pregnancy.
  const options =
    remaining.length > 1
      ? [
          { value: "pregnancy", label: LOSS_TEXTS.wholePregnancy },
          ...remaining.map((baby) => ({ value: baby.id, label: LOSS_TEXTS.oneBaby(baby.name), description: LOSS_TEXTS.oneBabyHint(remaining.filter((b) => b.id !== baby.id).map((b) => b.name)) })),
        ]
      : null;
  return (
    <SettingsSection id="record-loss" title={LOSS_TEXTS.whatEnded}>
      {options && <RadioCards legend={LOSS_TEXTS.whatEnded} options={options} value={choice} onChange={setChoice} />}
      <div>
        <Button onClick={() => setConfirming(true)}>{LOSS_TEXTS.record}</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={chosenBaby ? LOSS_TEXTS.confirmTitleBaby(chosenBaby.name) : LOSS_TEXTS.confirmTitle}
        description={chosenBaby ? LOSS_TEXTS.confirmBodyBaby(chosenBaby.name) : LOSS_TEXTS.confirmBody}
        confirmLabel={LOSS_TEXTS.confirm}
        destructive={false}
        onConfirm={async () => {
          await record.mutateAsync({ ...scope, ...(chosenBaby ? { babyId: chosenBaby.id } : {}) });
          reload();
        }}
      />
    </SettingsSection>
  );
}

function RecordedLoss({ scope, loss }: { scope: Scope; loss: Overview["losses"][number] }) {
  const trpc = useTRPC();
  const reload = useReloadAll();
  const [confirming, setConfirming] = useState(false);
  const undo = useMutation(trpc.pregnancyLoss.undo.mutationOptions({ onSuccess: () => toast({ title: LOSS_TEXTS.undone }) }));
  const title = loss.babyName ?? LOSS_TEXTS.wholePregnancy;
  return (
    <SettingsSection id={`loss-${loss.id}`} title={title} description={LOSS_TEXTS.recordedLine(loss.recordedOn, loss.recordedByName)}>
      {loss.undoUntil && (
        <>
          <p className="text-muted-foreground">{LOSS_TEXTS.undoHint(loss.undoUntil)}</p>
          <div>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {LOSS_TEXTS.undo}
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title={LOSS_TEXTS.undoConfirmTitle}
            description={LOSS_TEXTS.undoConfirmBody}
            confirmLabel={LOSS_TEXTS.undo}
            destructive={false}
            onConfirm={async () => {
              await undo.mutateAsync({ ...scope, lossId: loss.id });
              reload();
            }}
          />
        </>
      )}
    </SettingsSection>
  );
}

function TellFamily({ scope, draft, people }: { scope: Scope; draft: string; people: Overview["people"] }) {
  const trpc = useTRPC();
  const reload = useReloadAll();
  // What the parent typed stays until it is sent.
  const [content, setContent] = useState(draft);
  const [circles, setCircles] = useState<GuestPrivacyLevel[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [inApp, setInApp] = useState(true);
  const [byMail, setByMail] = useState(true);
  const [noReplies, setNoReplies] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const tell = useMutation(
    trpc.pregnancyLoss.tell.mutationOptions({
      onSuccess: ({ told }) => {
        toast({ title: LOSS_TEXTS.sent(told) });
        setCircles([]);
        setUserIds([]);
        reload();
      },
      onError: failed("The message was not sent"),
    }),
  );
  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing = !content.trim() ? LOSS_TEXTS.writeSomething : circles.length + userIds.length === 0 ? LOSS_TEXTS.chooseSomeone : !inApp && !byMail ? LOSS_TEXTS.chooseHow : null;
    setProblem(missing);
    if (missing) return;
    tell.mutate({ ...scope, content, circles, userIds, inApp, byMail, noReplies });
  }

  return (
    <SettingsSection id="tell-family" title={LOSS_TEXTS.tellHeading} description={LOSS_TEXTS.tellIntro}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextAreaField label={LOSS_TEXTS.messageLabel} value={content} onChange={(event) => setContent(event.target.value)} rows={5} />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold">{LOSS_TEXTS.whoHeading}</legend>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="text-sm text-muted-foreground">{LOSS_TEXTS.circlesHeading}</legend>
            {GUEST_PRIVACY_LEVELS.map((level) => (
              <label key={level} className="flex items-center gap-2">
                <input type="checkbox" checked={circles.includes(level)} onChange={(event) => setCircles(toggle(circles, level, event.target.checked))} className="size-5 shrink-0 accent-primary" />
                {PRIVACY_LEVEL_LABELS[level]}
              </label>
            ))}
          </fieldset>
          {people.length > 0 && (
            <fieldset className="flex flex-col gap-1.5">
              <legend className="text-sm text-muted-foreground">{LOSS_TEXTS.peopleHeading}</legend>
              {people.map((person) => (
                <label key={person.userId} className="flex items-center gap-2">
                  <input type="checkbox" checked={userIds.includes(person.userId)} onChange={(event) => setUserIds(toggle(userIds, person.userId, event.target.checked))} className="size-5 shrink-0 accent-primary" />
                  {person.title ? `${person.name} (${person.title})` : person.name}
                </label>
              ))}
            </fieldset>
          )}
        </fieldset>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="text-sm font-semibold">{LOSS_TEXTS.howHeading}</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={inApp} onChange={(event) => setInApp(event.target.checked)} className="size-5 shrink-0 accent-primary" />
            {LOSS_TEXTS.inApp}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={byMail} onChange={(event) => setByMail(event.target.checked)} className="size-5 shrink-0 accent-primary" />
            {LOSS_TEXTS.byMail}
          </label>
        </fieldset>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={noReplies} onChange={(event) => setNoReplies(event.target.checked)} className="size-5 shrink-0 accent-primary" />
          {LOSS_TEXTS.noReplies}
        </label>
        {problem && <Alert title={problem} />}
        <div>
          <Button type="submit" loading={tell.isPending}>
            {LOSS_TEXTS.send}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

function Celebrations({ scope, celebrations }: { scope: Scope; celebrations: Overview["celebrations"] }) {
  return (
    <SettingsSection id="celebrations" title={LOSS_TEXTS.celebrationsHeading} description={celebrations.length > 0 ? LOSS_TEXTS.celebrationsIntro : LOSS_TEXTS.noCelebrations}>
      {celebrations.map((event) => (
        <CancelCelebration key={event.id} scope={scope} event={event} />
      ))}
    </SettingsSection>
  );
}

function CancelCelebration({ scope, event }: { scope: Scope; event: Overview["celebrations"][number] }) {
  const trpc = useTRPC();
  const reload = useReloadAll();
  const [note, setNote] = useState("");
  const [tellInvited, setTellInvited] = useState(event.invited > 0);
  const cancel = useMutation(
    trpc.pregnancyLoss.cancelCelebration.mutationOptions({
      onSuccess: ({ told }) => {
        toast({ title: told > 0 ? LOSS_TEXTS.eventCancelled : LOSS_TEXTS.eventCancelledQuietly });
        reload();
      },
      onError: failed("The event was not cancelled"),
    }),
  );
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <p className="font-semibold">
        {event.title} <span className="font-normal text-muted-foreground">({event.date})</span>
      </p>
      {event.invited > 0 && (
        <>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={tellInvited} onChange={(e) => setTellInvited(e.target.checked)} className="size-5 shrink-0 accent-primary" />
            Tell the {event.invited === 1 ? "person" : `${event.invited} people`} invited
          </label>
          {tellInvited && <TextAreaField label={LOSS_TEXTS.cancelNote} value={note} onChange={(e) => setNote(e.target.value)} rows={2} />}
        </>
      )}
      <div>
        <Button variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate({ ...scope, eventId: event.id, tellInvited, ...(tellInvited && note.trim() ? { note } : {}) })}>
          {LOSS_TEXTS.cancelEvent(event.title)}
        </Button>
      </div>
    </div>
  );
}

function Memories({ scope, memories }: { scope: Scope; memories: LossMemories }) {
  const trpc = useTRPC();
  const reload = useReloadAll();
  const [choice, setChoice] = useState<LossMemories>(memories);
  const save = useMutation(
    trpc.pregnancyLoss.setMemories.mutationOptions({
      onSuccess: () => {
        toast({ title: LOSS_TEXTS.memoriesSaved });
        reload();
      },
      onError: failed("That was not saved"),
    }),
  );
  const options = LOSS_MEMORIES.map((value) => ({ value, label: LOSS_MEMORY_LABELS[value].label, description: LOSS_MEMORY_LABELS[value].hint }));
  return (
    <SettingsSection id="memories" title={LOSS_TEXTS.memoriesHeading} description={LOSS_TEXTS.memoriesIntro}>
      <RadioCards legend={LOSS_TEXTS.memoriesHeading} options={options} value={choice} onChange={setChoice} />
      <div>
        <Button variant="secondary" disabled={choice === memories} loading={save.isPending} onClick={() => save.mutate({ ...scope, memories: choice })}>
          Save
        </Button>
      </div>
    </SettingsSection>
  );
}

function Billing({ scope, billing, refund }: { scope: Scope; billing: NonNullable<Overview["billing"]>; refund: { cardCents: number; creditCents: number } | null }) {
  const trpc = useTRPC();
  const reload = useReloadAll();
  const take = useMutation(trpc.pregnancyLoss.refund.mutationOptions({ onSuccess: reload, onError: failed("The refund did not go through") }));
  const stopped = billing.isPayer ? LOSS_TEXTS.billingStopped : LOSS_TEXTS.billingStoppedPartner(billing.payerName ?? "The account holder");
  return (
    <SettingsSection id="loss-billing" title={LOSS_TEXTS.billingHeading} description={billing.running ? stopped : LOSS_TEXTS.billingNone}>
      {refund ? <RefundLines refund={refund} /> : billing.isPayer && (
        <div>
          <Button variant="secondary" loading={take.isPending} onClick={() => take.mutate(scope)}>
            {LOSS_TEXTS.refund}
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}

function RefundLines({ refund }: { refund: { cardCents: number; creditCents: number } }) {
  if (refund.cardCents + refund.creditCents === 0) return <p>{LOSS_TEXTS.nothingToRefund}</p>;
  return (
    <>
      {refund.cardCents > 0 && <p>{LOSS_TEXTS.refunded(formatPrice(refund.cardCents))}</p>}
      {refund.creditCents > 0 && <p>{LOSS_TEXTS.refundedCredit(formatPrice(refund.creditCents))}</p>}
    </>
  );
}
