import { clsx } from "clsx";
import { babyHereBanner, birthsSoFar, type BirthsSoFar, formatCountdown, type WaitingRoomState } from "../../domain/waitingRoom";
import { dateFormat } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { Avatar } from "../../ui/Avatar";
import { MessageItem } from "./MessageItem";
import type { RoomStatus } from "../../lib/roomSocket";
import { memberName, type WaitingRoomModel } from "./useWaitingRoom";

/** Ours: how often the auto-close countdown is redrawn. */
export const AUTO_CLOSE_COUNTDOWN_TICK_MS = 1000;

const BANNERS: Record<WaitingRoomState, { title: string; parent: string; guest: string; tone: string }> = {
  inactive: {
    title: "The waiting room is closed",
    parent: "Open it when you head to the hospital, and your family can wait with you here.",
    guest: "It opens when the parents head to the hospital. You can still leave a message for the family.",
    tone: "border-border bg-surface",
  },
  active: {
    title: "The waiting room is open",
    parent: "Your family is here with you. Post updates when you can; they are pinned at the top.",
    guest: "The family is heading to the hospital! Updates from the parents are pinned at the top.",
    tone: "border-primary bg-primary-soft",
  },
  "false-alarm": {
    title: "False alarm",
    parent: "Not quite time yet. The waiting room closes by itself.",
    guest: "Not quite time yet. The waiting room closes by itself.",
    tone: "border-warning bg-warning-soft",
  },
  "baby-here": {
    title: "The baby is here!",
    parent: "Congratulations! The waiting room closes by itself.",
    guest: "Welcome to the world, little one! The waiting room closes by itself.",
    tone: "border-success bg-success-soft",
  },
};

/** After a first birth the room is about the babies still to come, or about all of them being here, not the hospital. */
const AFTER_A_BIRTH: Partial<Record<WaitingRoomState, Record<Exclude<BirthsSoFar, "none">, { parent: string; guest: string }>>> = {
  inactive: {
    some: { parent: "Open it again when the next baby is on the way, and your family can wait with you here.", guest: "It opens again when the next baby is on the way. You can still leave a message for the family." },
    all: { parent: "All your babies are here. The family can still leave messages for you here.", guest: "All the babies are here. You can still leave a message for the family." },
  },
  active: {
    some: { parent: BANNERS.active.parent, guest: "The parents are back in the waiting room for the next baby. Updates from the parents are pinned at the top." },
    all: { parent: BANNERS.active.parent, guest: "The waiting room is open again. Updates from the parents are pinned at the top." },
  },
};

/** The room's state as a banner, with the countdown to the auto-close; announced politely when it changes. */
export function StateBanner({ state, scheduledCloseAt, isParent, babies }: { state: WaitingRoomState; scheduledCloseAt: string | null; isParent: boolean; babies: ReadonlyArray<{ name: string; born: boolean }> }) {
  const closesAt = scheduledCloseAt ? new Date(scheduledCloseAt).getTime() : null;
  const now = useNow(AUTO_CLOSE_COUNTDOWN_TICK_MS, closesAt !== null);
  // Once babies are here the banner names them (twins one by one), not 'little one'.
  const births = birthsSoFar(babies.map((baby) => baby.born));
  const afterBirth = births === "none" ? undefined : AFTER_A_BIRTH[state]?.[births];
  const banner = state === "baby-here" ? { ...BANNERS[state], ...babyHereBanner(babies) } : { ...BANNERS[state], ...afterBirth };
  return (
    <div role="status" className={clsx("rounded-card border-2 px-4 py-3", banner.tone)}>
      <h2 className="text-xl font-bold">{banner.title}</h2>
      <p className="mt-1">{isParent ? banner.parent : banner.guest}</p>
      {closesAt !== null && (
        <p className="mt-1 font-semibold">
          Closes in <span className="tabular-nums">{formatCountdown(closesAt - now)}</span>
          <span className="font-normal text-muted-foreground"> (at {dateFormat({ hour: "numeric", minute: "2-digit" }).format(closesAt)})</span>
        </p>
      )}
    </div>
  );
}

/** The parents' updates since the room opened, newest first. */
export function PinnedUpdates({ room }: { room: WaitingRoomModel }) {
  const updates = room.state.data?.pinnedUpdates ?? [];
  if (updates.length === 0) return null;
  return (
    <section aria-labelledby="pinned-heading" className="flex flex-col gap-1">
      <h2 id="pinned-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Pinned updates
      </h2>
      {/* Only the list scrolls, so its rounded corners never cut the label. Focusable: keyboard users scroll it too. */}
      <ol aria-labelledby="pinned-heading" tabIndex={0} className="flex max-h-72 flex-col gap-1 overflow-y-auto rounded-card focus-visible:outline-2 focus-visible:outline-ring">
        {updates.map((update) => (
          <li key={update.id}>
            <MessageItem message={{ ...update, author: null, replyCount: 0, reactions: [] }} pregnancyId={room.scope.pregnancyId} memberById={room.memberById} pinned />
          </li>
        ))}
      </ol>
    </section>
  );
}

const CONNECTION_TEXT: Record<RoomStatus, string | null> = {
  connecting: "Connecting…",
  open: null,
  reconnecting: "Reconnecting…",
  offline: "Waiting for connection...",
};

/** Who is here now, and the connection when it is not live. */
export function Presence({ room }: { room: WaitingRoomModel }) {
  const here = room.presentIds.flatMap((id) => {
    const member = room.memberById.get(id);
    return member ? [member] : [];
  });
  const connection = CONNECTION_TEXT[room.status];
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="flex items-center gap-2">
        <span className="text-sm font-semibold">Here now</span>
        <ul aria-label="Here now" className="flex -space-x-2">
          {here.map((member) => (
            <li key={member.id} title={memberName(member)} className="rounded-full ring-2 ring-surface">
              <Avatar firstName={member.firstName} lastName={member.lastName} avatarUrl={member.avatarUrl} size="sm" />
              <span className="sr-only">{memberName(member)}</span>
            </li>
          ))}
        </ul>
      </div>
      {connection && (
        <p role="status" className="rounded-full bg-muted px-3 py-1 text-sm text-muted-foreground">
          {connection}
        </p>
      )}
    </div>
  );
}
