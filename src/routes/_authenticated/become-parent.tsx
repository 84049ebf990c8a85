import { createFileRoute } from "@tanstack/react-router";
import { BecomeParentPage } from "../../features/modes/BecomeParentPage";

export const Route = createFileRoute("/_authenticated/become-parent")({
  component: BecomeParentPage,
});
