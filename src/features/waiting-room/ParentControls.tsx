import { useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SUCCESS_TOASTS } from "../../domain/errors";
import type { WaitingRoomState } from "../../domain/waitingRoom";
import { GUEST_PRIVACY_LEVELS, type GuestPrivacyLevel } from "../../domain/enums";
import { SelectField } from "../../ui/fields";
import { useMeasurementSystem } from "../../lib/measurementSystem";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog, Dialog } from "../../ui/Dialog";
import { BirthDetailsFields, birthToSend, typedBirth } from "../../ui/BirthDetailsFields";
import { chosenCircles, NewsCirclesField } from "../../ui/NewsCirclesField";
import { toast } from "../../ui/toast";
import { AttachedPhoto, AttachedVideo, AttachPhotoButton, AttachVideoButton, Composer, useRoomClip, useRoomImage } from "./Composer";
import { sendWithRetries, toastText, type WaitingRoomModel } from "./useWaitingRoom";
import { ACTIVATION_CONFIRM, activationResultText, WAITING_ROOM_TOASTS } from "../../domain/waitingRoom";

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * What only parents do (the server refuses everyone else): open the room, post pinned updates,
 * and mark a false alarm (closes in 2 h) or the baby's arrival (closes in 4 h).
 */
export function ParentControls({ room, state }: { room: WaitingRoomModel; state: WaitingRoomState }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"activate" | "update" | "false-alarm" | "baby-here" | null>(null);
  const refreshState = () => void queryClient.invalidateQueries(trpc.waitingRoom.state.queryFilter(room.scope));

  const activate = useMutation(
    trpc.waitingRoom.activate.mutationOptions({
      meta: { isolationToast: false },
      onSuccess: (answer) => {
        refreshState();
        success(SUCCESS_TOASTS.success, activationResultText(answer.announced));
      },
      onError: () => toastText(WAITING_ROOM_TOASTS.activationFailed),
    }),
  );
  const stateUpdate = {
    meta: { isolationToast: false },
    onError: () => toastText(WAITING_ROOM_TOASTS.stateUpdateFailed),
  };
  const falseAlarm = useMutation(
    trpc.waitingRoom.falseAlarm.mutationOptions({
      ...stateUpdate,
      onSuccess: (answer) => {
        refreshState();
        success(SUCCESS_TOASTS.autoCloseScheduled, answer.message);
      },
    }),
  );

  // Twins arrive one at a time: the button stays while a baby is still expected.
  const babies = room.state.data?.babies ?? [];
  const expected = babies.filter((baby) => !baby.born);

  if (state === "inactive") {
    return (
      <>
        <Button onClick={() => setDialog("activate")} loading={activate.isPending} className="w-full sm:w-auto sm:self-start">
          Activate Waiting Room
        </Button>
        <ConfirmDialog
          open={dialog === "activate"}
          onClose={() => setDialog(null)}
          title={ACTIVATION_CONFIRM.title}
          description={ACTIVATION_CONFIRM.description}
          confirmLabel={ACTIVATION_CONFIRM.confirmLabel}
          destructive={false}
          // The question closes at once: telling the family takes a second or two, and a parent in
          // labour types meanwhile into a page that the open dialog would keep inert.
          onConfirm={async () => activate.mutate(room.scope)}
        />
      </>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setDialog("update")}>Post update</Button>
      {(state !== "baby-here" || expected.length > 0) && (
        <Button variant="secondary" onClick={() => setDialog("baby-here")}>
          Baby is here
        </Button>
      )}
      {state === "active" && (
        <Button variant="danger" onClick={() => setDialog("false-alarm")}>
          False alarm
        </Button>
      )}
      <Dialog open={dialog === "update"} onClose={() => setDialog(null)} title="Post an update" description="Your update is highlighted and pinned at the top for everyone in the waiting room.">
        <UpdateForm room={room} onDone={() => setDialog(null)} />
      </Dialog>
      <ConfirmDialog
        open={dialog === "false-alarm"}
        onClose={() => setDialog(null)}
        title="Mark a false alarm?"
        description="Everyone is told it was a false alarm, and the waiting room closes by itself in 2 hours."
        confirmLabel="False alarm"
        onConfirm={() => falseAlarm.mutateAsync({ ...room.scope, timeZone: timeZone() })}
      />
      <Dialog
        open={dialog === "baby-here"}
        onClose={() => setDialog(null)}
        title={babies.length > 1 ? "A baby is here!" : "The baby is here!"}
        description="Share the news. Everything here is optional; the waiting room closes by itself 4 hours after the birth."
      >
        <BabyHereForm room={room} expected={expected} twins={babies.length > 1} onDone={() => setDialog(null)} refreshState={refreshState} />
      </Dialog>
    </div>
  );
}

const success = (title: string, description: string) => toast({ title, description, variant: "success" });

function UpdateForm({ room, onDone }: { room: WaitingRoomModel; onDone: () => void }) {
  const trpc = useTRPC();
  const postUpdate = useMutation(trpc.waitingRoom.postUpdate.mutationOptions({ meta: { isolationToast: false } }));
  return (
    <Composer
      label="Update for the family"
      draftKey={`waiting-room:${room.scope.pregnancyId}:update`}
      placeholder="How are things going?"
      imagePregnancyId={room.scope.pregnancyId}
      clipPregnancyId={room.scope.pregnancyId}
      disabled={postUpdate.isPending}
      onSend={async ({ content, imageName, clipId }) => {
        const id = crypto.randomUUID();
        try {
          await sendWithRetries(() => postUpdate.mutateAsync({ ...room.scope, id, content, ...(imageName ? { imageName } : {}), ...(clipId ? { clipId } : {}) }));
        } catch (error) {
          // The update stays in the box to send again.
          toastText(WAITING_ROOM_TOASTS.messageFailed);
          throw error;
        }
        onDone();
        success(SUCCESS_TOASTS.success, "Your update is pinned for the family.");
      }}
    />
  );
}

type ExpectedBaby = { id: string; name: string };

/** What the family is told of one baby's birth; with twins, the parent picks which baby arrived. */
function BabyHereForm({ room, expected, twins, onDone, refreshState }: { room: WaitingRoomModel; expected: ExpectedBaby[]; twins: boolean; onDone: () => void; refreshState: () => void }) {
  const [chosenId, setChosenId] = useState(expected[0]?.id ?? "");
  // A baby announced meanwhile (by the other parent, or a state read arriving late) leaves the list:
  // the form moves to a baby still expected, never sending one baby's name with another's birth.
  const baby = expected.find((b) => b.id === chosenId) ?? expected[0];
  const babyId = baby?.id ?? "";
  return (
    <div className="flex flex-col gap-3">
      {expected.length > 1 && (
        <SelectField label="Which baby is here?" value={babyId} onChange={(event) => setChosenId(event.target.value)}>
          {expected.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
      )}
      <BirthDetailsForm room={room} baby={baby} twins={twins} onDone={onDone} refreshState={refreshState} />
    </div>
  );
}

function BirthDetailsForm({ room, baby, twins, onDone, refreshState }: { room: WaitingRoomModel; baby: ExpectedBaby | undefined; twins: boolean; onDone: () => void; refreshState: () => void }) {
  const trpc = useTRPC();
  // One baby is named only when the parent types it; each of twins is named as the family knows them.
  const [typed, setTyped] = useState(() => typedBirth(twins ? (baby?.name ?? "") : ""));
  // Another baby chosen (or the one shown announced meanwhile): the name follows it unless the parent
  // typed their own, and everything else typed stays.
  const shown = useRef({ id: baby?.id, name: baby?.name ?? "" });
  const [babyId, babyName] = [baby?.id, baby?.name ?? ""];
  useEffect(() => {
    const before = shown.current;
    shown.current = { id: babyId, name: babyName };
    if (twins && before.id !== babyId) setTyped((current) => (current.name === before.name ? { ...current, name: babyName } : current));
  }, [babyId, babyName, twins]);
  const system = useMeasurementSystem();
  const [sizeErrors, setSizeErrors] = useState<{ weight?: string; length?: string }>({});
  const [circles, setCircles] = useState<GuestPrivacyLevel[]>([...GUEST_PRIVACY_LEVELS]);
  const photo = useRoomImage(room.scope.pregnancyId);
  const video = useRoomClip(room.scope.pregnancyId);
  const babyHere = useMutation(
    trpc.waitingRoom.babyHere.mutationOptions({
      meta: { isolationToast: false },
      onSuccess: (answer) => {
        refreshState();
        onDone();
        success(SUCCESS_TOASTS.statusUpdated, answer.message);
      },
      onError: () => toastText(WAITING_ROOM_TOASTS.stateUpdateFailed),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const birth = birthToSend(typed, system);
    setSizeErrors(birth.ok ? {} : birth.errors);
    if (!birth.ok) return;
    babyHere.mutate({
      ...room.scope,
      timeZone: timeZone(),
      ...(baby ? { babyId: baby.id } : {}),
      ...birth.details,
      ...(photo.image ? { imageName: photo.image.name } : {}),
      ...(video.clip ? { clipId: video.clip.id } : {}),
      ...chosenCircles(circles),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <BirthDetailsFields value={typed} onChange={setTyped} system={system} sizeErrors={sizeErrors} />
      <div className="flex items-center gap-2">
        <AttachPhotoButton attachment={photo} label="Add the baby's photo" />
        <span className="text-sm text-muted-foreground">Add the baby's first photo (optional)</span>
      </div>
      <AttachedPhoto attachment={photo} />
      <div className="flex items-center gap-2">
        <AttachVideoButton attachment={video} />
        <span className="text-sm text-muted-foreground">Add a video of the first moments (optional)</span>
      </div>
      <AttachedVideo attachment={video} />
      <NewsCirclesField value={circles} onChange={setCircles} />
      <Button type="submit" loading={babyHere.isPending} disabled={photo.uploading !== null || video.progress !== null}>
        Share the news
      </Button>
    </form>
  );
}
