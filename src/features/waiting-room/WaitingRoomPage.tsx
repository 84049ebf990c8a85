import { useState } from "react";
import { useRouteContext } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { WAITING_ROOM_TOASTS } from "../../domain/errors";
import { useDocumentTitle } from "../../lib/document-title";
import { useTRPC } from "../../lib/trpc";
import { FormMessage } from "../../ui/Alert";
import { Spinner } from "../../ui/Spinner";
import { Tabs } from "../../ui/Tabs";
import { usePregnancyContext } from "../modes/usePregnancyContext";
import { useIsMobile } from "../shell/useIsMobile";
import { DirectMessages } from "./DirectMessages";
import { GroupChat } from "./GroupChat";
import { ParentControls } from "./ParentControls";
import { PinnedUpdates, Presence, StateBanner } from "./RoomStatus";
import { useWaitingRoom, type RoomScope } from "./useWaitingRoom";

/**
 * /waiting-room: the family's live room for the big day. Parents use their own pregnancy, guests
 * the one they selected; the server decides who may be here (canAccessWaitingRoom).
 */
export function WaitingRoomPage() {
  useDocumentTitle("Waiting Room");
  const { session } = useRouteContext({ from: "/_authenticated" });
  const context = usePregnancyContext();
  const { pregnancyId, mode, access } = context;

  let body;
  if (context.isLoading) body = <Spinner label="Loading the waiting room" className="p-6" />;
  else if (!pregnancyId) body = <FormMessage message={WAITING_ROOM_TOASTS.noActivePregnancy} />;
  else if (access && !access.permissions.canAccessWaitingRoom)
    body = (
      <section aria-labelledby="limited-access" className="card flex flex-col gap-2 p-6">
        <h2 id="limited-access" className="text-xl font-bold">
          Limited Access
        </h2>
        <p className="text-muted-foreground">The parents have not opened the waiting room to you. Ask them if you would like to join.</p>
      </section>
    );
  else body = <WaitingRoom key={pregnancyId} scope={{ pregnancyId, mode }} userId={session.user.id} isParent={mode === "parent" && (access?.isParent ?? false)} />;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-3 py-4 sm:px-6 sm:py-6">
      <h1 className="text-3xl font-bold tracking-tight">Waiting Room</h1>
      {body}
    </div>
  );
}

function WaitingRoom({ scope, userId, isParent }: { scope: RoomScope; userId: string; isParent: boolean }) {
  const room = useWaitingRoom(scope, userId, isParent);
  const trpc = useTRPC();
  const isMobile = useIsMobile();
  const [tab, setTab] = useState<"chat" | "direct">("chat");
  const conversations = useQuery(trpc.waitingRoom.dms.conversations.queryOptions(room.scope));
  const unread = (conversations.data ?? []).reduce((sum, c) => sum + c.unread, 0);
  const state = room.state.data;

  return (
    <>
      <Presence room={room} />
      {state ? <StateBanner state={state.state} scheduledCloseAt={state.scheduledCloseAt} isParent={isParent} /> : <Spinner label="Loading the waiting room" />}
      {isParent && state && <ParentControls room={room} state={state.state} />}
      <PinnedUpdates room={room} />
      {isMobile ? (
        <Tabs
          label="Waiting room"
          value={tab}
          onValueChange={setTab}
          className="flex h-[75dvh] min-h-96 flex-col gap-2 [&>[role=tabpanel]:not([hidden])]:flex [&>[role=tabpanel]]:min-h-0 [&>[role=tabpanel]]:flex-1 [&>[role=tabpanel]]:flex-col"
          tabs={[
            { key: "chat", label: "Group chat", panel: <GroupChat room={room} /> },
            { key: "direct", label: unread > 0 ? `Direct messages (${unread})` : "Direct messages", panel: <DirectMessages room={room} /> },
          ]}
        />
      ) : (
        <div className="grid h-[min(75dvh,820px)] min-h-[28rem] grid-cols-[minmax(0,1fr)_22rem] gap-3">
          <GroupChat room={room} />
          <DirectMessages room={room} />
        </div>
      )}
    </>
  );
}
