import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "../../features/settings/SettingsPage";

/** /settings: signed-in users (core spec 2); the parent-only sections check the role inside. */
export const Route = createFileRoute("/_authenticated/settings")({
  component: SettingsPage,
});
