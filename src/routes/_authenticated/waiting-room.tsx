import { createFileRoute } from "@tanstack/react-router";
import { screenLoader } from "../../features/pregnancy-context/screenLoader";
import { WaitingRoomPage } from "../../features/waiting-room/WaitingRoomPage";
import { waitingRoomReads } from "../../features/waiting-room/useWaitingRoom";

export const Route = createFileRoute("/_authenticated/waiting-room")({
  loader: screenLoader(waitingRoomReads),
  component: WaitingRoomPage,
});
