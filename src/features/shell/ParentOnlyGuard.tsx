import { Navigate, Outlet, useRouter } from "@tanstack/react-router";
import { ROUTE_TEXTS } from "../../domain/errors";
import { useDocumentTitle } from "../../lib/document-title";
import { Button } from "../../ui/Button";
import { LockIcon } from "../../ui/icons";
import { PageSpinner } from "../../ui/Spinner";
import { useAppMode } from "../pregnancy-context/useAppMode";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";

/**
 * Parent-only guard (core spec 2) for /calendar, /contacts and /health: a spinner while loading;
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
  useDocumentTitle(ROUTE_TEXTS.accessRestricted);
  const router = useRouter();
  function goBack() {
    if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: "/dashboard" });
  }
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-lavender text-foreground">
        <LockIcon className="size-7" />
      </span>
      <h1 className="text-2xl font-bold">{ROUTE_TEXTS.accessRestricted}</h1>
      <p className="text-muted-foreground">{ROUTE_TEXTS.parentOnly}</p>
      <Button variant="secondary" onClick={goBack}>
        Go Back
      </Button>
    </div>
  );
}
