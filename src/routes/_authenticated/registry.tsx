import { createFileRoute } from "@tanstack/react-router";
import { screenLoader } from "../../features/pregnancy-context/screenLoader";
import { RegistryPage } from "../../features/registry/RegistryPage";
import { registryReads } from "../../features/registry/useRegistry";

/** /registry: the pregnancy's registries at outside retailers, and guests' suggestions. */
export const Route = createFileRoute("/_authenticated/registry")({
  loader: screenLoader(registryReads),
  component: RegistryPage,
});
