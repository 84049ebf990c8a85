import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../features/dashboard/DashboardPage";

/** /dashboard: home after sign-in, open to guests (`preg` is validated by the signed-in layout). */
export const Route = createFileRoute("/_authenticated/dashboard")({
  component: DashboardPage,
});
