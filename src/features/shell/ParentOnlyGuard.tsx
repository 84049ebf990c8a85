import { Navigate, Outlet } from "@tanstack/react-router";
import { ROUTE_TEXTS } from "../../domain/errors";
import { PageSpinner } from "../../ui/Spinner";
import { useAppMode } from "../pregnancy-context/useAppMode";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import { RouteRefusal } from "./RouteRefusal";

/**
 * Parent-only guard (core spec 2) for /health and its pages: a spinner while loading;
 * a parent in guest mode goes to /dashboard; anyone without a parent role sees 'Access
 * Restricted'. Signed-out visitors never get here (the authenticated guard sends them to '/').
 */
export function ParentOnlyGuard() {
  const { mode, isLoading: modeLoading, modeContext } = useAppMode();
  const pregnancies = usePregnancyContext();
  if (modeLoading || pregnancies.isPregnanciesLoading) return <PageSpinner label={ROUTE_TEXTS.loading} />;
  // Without the list of pregnancies, the capability check stands in for the role.
  const hasParentRole = pregnancies.isError ? Boolean(modeContext?.hasParentCapability) : pregnancies.hasParentRole;
  if (hasParentRole && mode === "guest") return <Navigate to="/dashboard" search={pregnancies.pregnancySearch} replace />;
  if (!hasParentRole) return <AccessRestricted />;
  return <Outlet />;
}

function AccessRestricted() {
  return <RouteRefusal title={ROUTE_TEXTS.accessRestricted} text={ROUTE_TEXTS.parentOnly} />;
}
