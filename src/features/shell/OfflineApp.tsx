import { useEffect, useRef, type ReactNode } from "react";
import { Link, useLocation, useRouter } from "@tanstack/react-router";
import { AREAS } from "../../lib/areas";
import { OFFLINE_TOOL_PATHS, offlineToolAt, type OfflineToolPath } from "../../lib/appRoutes";
import { readDeviceSnapshot, type DeviceSnapshot } from "../../lib/deviceSnapshot";
import { APP_NAME, useDocumentTitle } from "../../lib/document-title";
import { serverNeverAnswered } from "../../lib/serverError";
import { rememberedSessionUser } from "../../lib/session";
import { useOnline } from "../../lib/useOnline";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { OFFLINE_TEXTS } from "./appTexts";
import { LogoMark } from "../../ui/icons";
import { CONTRACTION_TIMER_SUMMARY, ContractionTimer } from "../health-trackers/ContractionTimerPage";
import type { HealthScope } from "../health-trackers/HealthToolLayout";
import { HealthToolFrame } from "../health-trackers/HealthToolLayout";
import { KICK_COUNTER_SUMMARY, KickCounter } from "../health-trackers/KickCounterPage";

const OFFLINE_TOOLS: Record<OfflineToolPath, { title: string; summary: string; render: (scope: HealthScope, snapshot: DeviceSnapshot) => ReactNode }> = {
  "/health/kicks": { title: AREAS.kicks.title, summary: KICK_COUNTER_SUMMARY, render: (scope, snapshot) => <KickCounter scope={scope} knownBabies={snapshot.babies} /> },
  "/health/contractions": { title: AREAS.contractions.title, summary: CONTRACTION_TIMER_SUMMARY, render: (scope) => <ContractionTimer scope={scope} /> },
};

/**
 * Thrown by the signed-in routes' guard when the app starts with no connection: the session cannot
 * be asked for, so the guard's error screen is the offline app, with what this device keeps.
 */
export class OfflineStart extends Error {
  constructor(readonly snapshot: DeviceSnapshot | null) {
    super("The app started without a connection");
    this.name = "OfflineStart";
  }
}

/** The start to throw, with the last signed-in user's snapshot. */
const startOffline = () => new OfflineStart(readDeviceSnapshot(rememberedSessionUser()));

/**
 * The guard's check: offline with no session known yet (a cold start; once the app runs, screens
 * keep their own offline states), the start to throw.
 */
export function offlineStart(sessionKnown: boolean): OfflineStart | null {
  return navigator.onLine || sessionKnown ? null : startOffline();
}

/**
 * The guard's second check, when the session read failed: the browser can say it is online when
 * nothing gets through (a Wi-Fi without internet, a tunnel), so a read the server never answered
 * is an offline start too. Anything the server did answer stays the error it is (null).
 */
export function offlineStartAfter(error: unknown): OfflineStart | null {
  return serverNeverAnswered(error) ? startOffline() : null;
}

/**
 * The app started offline: the kick counter or the contraction timer when the address is one of
 * them and this device keeps a parent's snapshot, else a page saying what works offline. When the
 * connection returns, the app starts as usual (the guard runs again); the tools send what they
 * recorded on their own as soon as the browser is online.
 */
export function OfflineApp({ snapshot }: { snapshot: DeviceSnapshot | null }) {
  const router = useRouter();
  const online = useOnline();
  const pathname = useLocation({ select: (location) => location.pathname });
  // Only a change to online starts the app again: a browser that says online from the start (while
  // nothing gets through) would otherwise ask again and again.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void router.invalidate();
    wasOnline.current = online;
  }, [online, router]);

  const toolPath = offlineToolAt(pathname);
  const tool = toolPath && OFFLINE_TOOLS[toolPath];
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center gap-2 border-b border-border bg-surface px-4 py-2 text-lg font-bold">
        <LogoMark />
        {APP_NAME}
      </header>
      <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
        {tool && snapshot ? (
          <>
            <Alert variant="info" className="mx-4 mt-4 sm:mx-6">
              {OFFLINE_TEXTS.toolNotice}
            </Alert>
            <HealthToolFrame title={tool.title} summary={tool.summary} backLink={false}>
              {tool.render({ pregnancyId: snapshot.pregnancyId, userId: snapshot.userId, mode: "parent" }, snapshot)}
            </HealthToolFrame>
          </>
        ) : (
          <OfflinePage hasTools={snapshot !== null} onRetry={() => void router.invalidate()} />
        )}
      </main>
    </div>
  );
}

function OfflinePage({ hasTools, onRetry }: { hasTools: boolean; onRetry: () => void }) {
  useDocumentTitle(OFFLINE_TEXTS.title);
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{OFFLINE_TEXTS.title}</h1>
      <p className="text-muted-foreground">{hasTools ? OFFLINE_TEXTS.screenNeedsConnection : OFFLINE_TEXTS.noTools}</p>
      {hasTools && (
        <ul className="flex flex-col gap-2">
          {OFFLINE_TOOL_PATHS.map((path) => (
            <li key={path}>
              <Link to={path} className="font-semibold text-link hover:underline">
                {OFFLINE_TOOLS[path].title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" className="self-start" onClick={onRetry}>
        {OFFLINE_TEXTS.tryAgain}
      </Button>
    </div>
  );
}
