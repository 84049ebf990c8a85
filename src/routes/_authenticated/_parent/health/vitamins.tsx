import { createFileRoute } from "@tanstack/react-router";
import { VitaminsPage } from "../../../../features/health-trackers/VitaminsPage";

/** /health/vitamins: the parent's daily supplement checklist. */
export const Route = createFileRoute("/_authenticated/_parent/health/vitamins")({
  component: VitaminsPage,
});
