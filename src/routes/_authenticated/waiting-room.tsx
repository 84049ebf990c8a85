import { createFileRoute } from "@tanstack/react-router";
import { WaitingRoomPage } from "../../features/waiting-room/WaitingRoomPage";

export const Route = createFileRoute("/_authenticated/waiting-room")({
  component: WaitingRoomPage,
});
