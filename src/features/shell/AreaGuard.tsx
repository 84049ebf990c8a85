import type { ReactNode } from "react";
import { Navigate } from "@tanstack/react-router";
import { mayOpenArea } from "../../domain/areaAccess";
import { ROUTE_TEXTS } from "../../domain/errors";
import { PageSpinner } from "../../ui/Spinner";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import { LIMITED_AREA_TEXTS } from "./appTexts";
import { RouteRefusal } from "./RouteRefusal";
import { shellPermissions } from "./useShellNav";

/**
 * Guard of an area parents and, by flag, guests open (/calendar, /contacts): the same rule as the
 * shell's item (mayOpenArea), so the route opens exactly when the item is enabled. Guest mode with
 * no guest pregnancy goes to the dashboard, which says why it is empty. The server checks every call.
 */
export function AreaGuard({ area, children }: { area: keyof typeof LIMITED_AREA_TEXTS; children: ReactNode }) {
  const { mode, access, pregnancyId, isLoading } = usePregnancyContext();
  if (isLoading) return <PageSpinner label={ROUTE_TEXTS.loading} />;
  if (mode === "guest" && !pregnancyId) return <Navigate to="/dashboard" replace />;
  if (!mayOpenArea(area, mode, shellPermissions(mode, access))) return <RouteRefusal title={ROUTE_TEXTS.limitedAccess} text={LIMITED_AREA_TEXTS[area]} />;
  return children;
}
