import { createFileRoute } from "@tanstack/react-router";
import { PregnanciesPage } from "../../features/pregnancies/PregnanciesPage";

/** Guest-only list of pregnancies (core spec 2); parents in parent mode are sent to /dashboard. */
export const Route = createFileRoute("/_authenticated/pregnancies")({
  component: PregnanciesPage,
});
