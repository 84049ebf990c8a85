import { useState } from "react";
import { useRouteContext, useSearch } from "@tanstack/react-router";
import { isUuid } from "../../domain/messaging";
import { useQuery } from "@tanstack/react-query";
import { useDocumentTitle } from "../../lib/document-title";
import { useTRPC } from "../../lib/trpc";
import { Spinner } from "../../ui/Spinner";
import { Tabs } from "../../ui/Tabs";
import { PregnancyGate } from "../pregnancy-context/PregnancyGate";
import { ReadOnlyLine } from "../pregnancy-context/readOnly";
import { useIsMobile } from "../../lib/useIsMobile";
import { DirectMessages } from "./DirectMessages";
import { GroupChat } from "./GroupChat";
import { ParentControls } from "./ParentControls";
import { PinnedUpdates, Presence, StateBanner } from "./RoomStatus";
import { useWaitingRoom, type RoomScope } from "./useWaitingRoom";
import { PageHeader } from "../../ui/PageHeader";
import { WAITING_ROOM_TOASTS } from "../../domain/waitingRoom";
import { LOSS_TEXTS } from "../../domain/pregnancyLoss";

/**
 * /waiting-room: the family's live room for the big day. Parents use their own pregnancy, guests
 * the one they selected; the server decides who may be here (canAccessWaitingRoom).
 */
export function WaitingRoomPage() {
  useDocumentTitle("Waiting Room");
  const { session } = useRouteContext({ from: "/_authenticated" });
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-3 py-4 sm:px-6 sm:py-6">
      <PageHeader title="Waiting Room" />
      <PregnancyGate
        loadingLabel="Loading the waiting room"
        noPregnancyMessage={WAITING_ROOM_TOASTS.noActivePregnancy}
        permission="canAccessWaitingRoom"
        limitedAccess={{ headingId: "limited-access", text: "The parents have not opened the waiting room to you. Ask them if you would like to join." }}
      >
        {({ scope, isParent }) => <WaitingRoomUnlessClosed key={scope.pregnancyId} scope={scope} userId={session.user.id} isParent={isParent} />}
      </PregnancyGate>
    </div>
  );
}

/** After a loss (issue 38) the room is closed: one calm line, nothing of the room and no way to open it. */
function WaitingRoomUnlessClosed({ scope, userId, isParent }: { scope: RoomScope; userId: string; isParent: boolean }) {
  const trpc = useTRPC();
  const state = useQuery(trpc.waitingRoom.state.queryOptions(scope));
  if (state.data?.closedByLoss) return <p className="text-muted-foreground">{LOSS_TEXTS.roomClosed}</p>;
  return <WaitingRoom scope={scope} userId={userId} isParent={isParent} />;
}

/** `?dm=<conversation id>`: a direct message's push opens its conversation. */
const linkedConversation = (search: Record<string, unknown>) => (isUuid(search.dm) ? search.dm : undefined);

function WaitingRoom({ scope, userId, isParent }: { scope: RoomScope; userId: string; isParent: boolean }) {
  const room = useWaitingRoom(scope, userId, isParent);
  const trpc = useTRPC();
  const isMobile = useIsMobile();
  const dm = useSearch({ strict: false, select: linkedConversation });
  const [tab, setTab] = useState<"chat" | "direct">(dm ? "direct" : "chat");
  const conversations = useQuery(trpc.waitingRoom.dms.conversations.queryOptions(room.scope));
  const unread = (conversations.data ?? []).reduce((sum, c) => sum + c.unread, 0);
  const state = room.state.data;

  return (
    <>
      <Presence room={room} />
      {state ? <StateBanner state={state.state} scheduledCloseAt={state.scheduledCloseAt} isParent={isParent} babies={state.babies} /> : <Spinner label="Loading the waiting room" />}
      <ReadOnlyLine />
      {isParent && !room.readOnly && state && <ParentControls room={room} state={state.state} />}
      <PinnedUpdates room={room} />
      {isMobile ? (
        <Tabs
          label="Waiting room"
          value={tab}
          onValueChange={setTab}
          className="flex h-[75dvh] min-h-96 flex-col gap-2 [&>[role=tabpanel]:not([hidden])]:flex [&>[role=tabpanel]]:min-h-0 [&>[role=tabpanel]]:flex-1 [&>[role=tabpanel]]:flex-col"
          tabs={[
            { key: "chat", label: "Group chat", panel: <GroupChat room={room} /> },
            { key: "direct", label: unread > 0 ? `Direct messages (${unread})` : "Direct messages", panel: <DirectMessages room={room} linkedConversationId={dm} /> },
          ]}
        />
      ) : (
        <div className="grid h-[min(75dvh,820px)] min-h-[28rem] grid-cols-[minmax(0,1fr)_22rem] gap-3">
          <GroupChat room={room} />
          <DirectMessages room={room} linkedConversationId={dm} />
        </div>
      )}
    </>
  );
}
