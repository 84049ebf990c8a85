import { createFileRoute } from "@tanstack/react-router";
import { MedicalContactsPage } from "../../../../features/health-records/MedicalContactsPage";

/** /health/medical-contacts: the parents' care team with one-tap call, email and directions. */
export const Route = createFileRoute("/_authenticated/_parent/health/medical-contacts")({
  component: MedicalContactsPage,
});
