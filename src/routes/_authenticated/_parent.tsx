import { createFileRoute } from "@tanstack/react-router";
import { ParentOnlyGuard } from "../../features/shell/ParentOnlyGuard";

/** Parent-only guard (core spec 2) around /health and its sub-pages. */
export const Route = createFileRoute("/_authenticated/_parent")({
  component: ParentOnlyGuard,
});
