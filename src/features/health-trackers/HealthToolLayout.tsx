import type { ReactNode } from "react";
import { Link, useRouteContext } from "@tanstack/react-router";
import { NO_PREGNANCY_CONTEXT_MESSAGE } from "../../domain/errors";
import { useDocumentTitle } from "../../lib/document-title";
import { Alert } from "../../ui/Alert";
import { ChevronLeftIcon } from "../../ui/icons";
import { Spinner } from "../../ui/Spinner";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import type { DeviceScope } from "./deviceRecords";
import { PageHeader } from "../../ui/PageHeader";
import { ReadOnlyLine } from "../pregnancy-context/readOnly";

/** Who is tracking: the parent's pregnancy in parent mode (the guard keeps guests out) and the person, for records kept on the device. */
export interface HealthScope extends DeviceScope {
  mode: "parent";
}

interface HealthToolLayoutProps {
  title: string;
  summary: string;
  /** The tool itself, once the pregnancy is known. */
  children: (scope: HealthScope) => ReactNode;
  /** The overview has no way back to itself. */
  backLink?: boolean;
}

/**
 * The frame of every health tool: heading, a way back to /health, and the pregnancy the records
 * belong to, which the tool receives once it is known.
 */
export function HealthToolLayout({ title, summary, children, backLink = true }: HealthToolLayoutProps) {
  const { session } = useRouteContext({ from: "/_authenticated" });
  const { pregnancyId, isLoading } = usePregnancyContext();
  let body: ReactNode;
  if (isLoading) body = <Spinner label={`Loading ${title}`} className="p-6" />;
  else if (!pregnancyId) body = <Alert variant="info">{NO_PREGNANCY_CONTEXT_MESSAGE}</Alert>;
  else
    body = (
      <>
        <ReadOnlyLine />
        {children({ pregnancyId, mode: "parent", userId: session.user.id })}
      </>
    );
  return (
    <HealthToolFrame title={title} summary={summary} backLink={backLink}>
      {body}
    </HealthToolFrame>
  );
}

/** The heading, the way back and the tool's body: also how the offline app (src/features/shell/OfflineApp.tsx) shows a tool. */
export function HealthToolFrame({ title, summary, backLink, children }: { title: string; summary: string; backLink: boolean; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      {backLink && (
        <Link to="/health" className="inline-flex min-h-11 items-center gap-1 self-start rounded-full pr-3 font-semibold text-link hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          <ChevronLeftIcon className="size-5" />
          All health tools
        </Link>
      )}
      <PageHeader title={title} description={summary} />
      {children}
    </div>
  );
}
