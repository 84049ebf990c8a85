import { createFileRoute } from "@tanstack/react-router";
import { AREAS } from "../../../features/shell/areas";
import { ComingSoonPage } from "../../../features/shell/ComingSoonPage";

export const Route = createFileRoute("/_authenticated/_parent/calendar")({
  component: () => <ComingSoonPage {...AREAS.calendar} />,
});
