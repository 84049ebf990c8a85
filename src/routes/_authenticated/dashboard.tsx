import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../features/dashboard/DashboardPage";
import { isUuid } from "../../features/pregnancy/guestChoice";

interface DashboardSearch {
  /** Guest mode keeps the selected pregnancy here (core spec 2). */
  preg?: string;
}

export const Route = createFileRoute("/_authenticated/dashboard")({
  validateSearch: (search: Record<string, unknown>): DashboardSearch => (isUuid(search.preg) ? { preg: search.preg } : {}),
  component: DashboardPage,
});
