import { createFileRoute } from "@tanstack/react-router";
import { RegistryPage } from "../../features/registry/RegistryPage";

/** /registry: the pregnancy's registries at outside retailers, and guests' suggestions. */
export const Route = createFileRoute("/_authenticated/registry")({
  component: RegistryPage,
});
