import { createFileRoute } from "@tanstack/react-router";
import { DASHBOARD_LATEST_POSTS } from "../../domain/dashboard";
import { DashboardPage } from "../../features/dashboard/DashboardPage";
import { dashboardReads } from "../../features/dashboard/dashboardReads";
import { screenLoader } from "../../features/pregnancy-context/screenLoader";
import { postsFeedReads } from "../../features/posts/usePosts";

const latestPostsReads = postsFeedReads(DASHBOARD_LATEST_POSTS);

/** /dashboard: home after sign-in, open to guests (`preg` is validated by the signed-in layout). */
export const Route = createFileRoute("/_authenticated/dashboard")({
  loader: screenLoader((...args) => {
    dashboardReads(...args);
    latestPostsReads(...args);
  }),
  component: DashboardPage,
});
