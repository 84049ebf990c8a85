import { Component, useEffect, useRef, useState, type ErrorInfo, type ReactNode } from "react";
import { useQueryClient, useQueryErrorResetBoundary, type QueryClient } from "@tanstack/react-query";
import { useRouter, useRouterState, type ErrorComponentProps } from "@tanstack/react-router";
import { BOUNDARY_TEXTS, boundaryMessage, boundaryRetryDelayMs, boundaryTitle, canRetry, categorizeError, ERROR_BOUNDARY_MAX_RETRIES, errorMessageOf } from "../../domain/errors";
import { useDocumentTitle } from "../../lib/document-title";
import { errorIdOf, reportError, type ErrorSource } from "../../lib/errorReports";
import { logger } from "../../lib/logger";
import { useOnline } from "../../lib/useOnline";
import { Button } from "../../ui/Button";
import { countRetry, retryCountFor } from "./retryCounts";

interface ErrorScreenProps {
  error: unknown;
  /** Retries already made for this failure. */
  retryCount: number;
  maxRetries?: number;
  /** Re-renders what failed; called after the backoff delay (1 s, 2 s, 4 s). */
  onRetry: () => void;
  source: ErrorSource;
}

/**
 * The error screen (core spec 2 and 4): 'Connection Issue' for network errors, else 'Something
 * went wrong'; the category's message; the error id; 'Retry attempts n/max'; the technical
 * details; 'Try Again (n left)' with a doubling delay, then only 'Reload Page'. Offline it says
 * 'Waiting for connection...' and a network error retries by itself when the browser is back online.
 */
export function ErrorScreen({ error, retryCount, maxRetries = ERROR_BOUNDARY_MAX_RETRIES, onRetry, source }: ErrorScreenProps) {
  const online = useOnline();
  const category = categorizeError(error);
  const shownCategory = online ? category : "network";
  const title = boundaryTitle(shownCategory);
  const message = errorMessageOf(error);
  const errorId = errorIdOf(error);
  const retriesLeft = Math.max(0, maxRetries - retryCount);
  const retryAllowed = canRetry(retryCount, maxRetries);
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useDocumentTitle(title);

  useEffect(() => {
    reportError(error, { retryCount, source });
  }, [error, retryCount, source]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // A network error retries by itself when the browser comes back online (core spec 4).
  useEffect(() => {
    if (category !== "network" || !retryAllowed) return;
    const retryNow = () => {
      logger.info("Back online: retrying", { errorId });
      onRetry();
    };
    window.addEventListener("online", retryNow);
    return () => window.removeEventListener("online", retryNow);
  }, [category, retryAllowed, onRetry, errorId]);

  function tryAgain() {
    if (waiting || !retryAllowed) return;
    setWaiting(true);
    timer.current = setTimeout(onRetry, boundaryRetryDelayMs(retryCount));
  }

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-start gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{boundaryMessage(shownCategory, online)}</p>
      {!online && (
        <p role="status" className="font-semibold">
          {BOUNDARY_TEXTS.waitingForConnection}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Error ID</dt>
        <dd className="font-mono break-all text-muted-foreground">{errorId}</dd>
      </dl>
      <p className="text-sm text-muted-foreground">{`Retry attempts ${retryCount}/${maxRetries}`}</p>
      <details className="w-full rounded-xl border border-border bg-surface p-3 text-sm">
        <summary className="cursor-pointer font-semibold">
          {BOUNDARY_TEXTS.technicalDetails}
        </summary>
        <pre className="mt-2 overflow-x-auto font-mono whitespace-pre-wrap break-words text-muted-foreground">
          {message}
        </pre>
      </details>
      <div className="flex flex-wrap gap-3">
        {retryAllowed && (
          <Button onClick={tryAgain} loading={waiting}>
            {BOUNDARY_TEXTS.tryAgain(retriesLeft)}
          </Button>
        )}
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {BOUNDARY_TEXTS.reloadPage}
        </Button>
      </div>
    </div>
  );
}

/** Puts every failed query back to loading (active ones fetch again at once). */
function retryFailedQueries(queryClient: QueryClient): void {
  void queryClient.resetQueries({ predicate: (query) => query.state.status === "error" }).catch(() => undefined);
}

/** The router's error component: the route that failed is re-rendered and its loaders run again. */
export function RouteErrorFallback({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const queryErrorReset = useQueryErrorResetBoundary();
  const visitKey = useRouterState({ select: (state) => state.location.state.__TSR_key ?? state.location.href });
  const retryCount = retryCountFor(visitKey);

  const retry = () => {
    countRetry(visitKey);
    // Failed queries fetch again instead of re-throwing their cached error.
    retryFailedQueries(queryClient);
    queryErrorReset.reset();
    reset();
    void router.invalidate();
  };

  return <ErrorScreen error={error} retryCount={retryCount} onRetry={retry} source="router" />;
}

/** The same screen when the root layout itself failed: it brings its own main landmark. */
export function RootErrorFallback(props: ErrorComponentProps) {
  return (
    <main id="main" className="min-h-dvh">
      <RouteErrorFallback {...props} />
    </main>
  );
}

interface AppErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  retryCount: number;
}

/** Around the whole app (outside the router): anything the router does not catch lands here. */
export class AppErrorBoundary extends Component<{ children: ReactNode; queryClient?: QueryClient }, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null, hasError: false, retryCount: 0 };

  static getDerivedStateFromError(error: unknown): Partial<AppErrorBoundaryState> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.debug("App error boundary caught an error", { componentStack: info.componentStack ?? undefined, message: errorMessageOf(error) });
  }

  private retry = () => {
    if (this.props.queryClient) retryFailedQueries(this.props.queryClient);
    this.setState((state) => ({ error: null, hasError: false, retryCount: state.retryCount + 1 }));
  };

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <main id="main" className="min-h-dvh">
        <ErrorScreen error={this.state.error} retryCount={this.state.retryCount} onRetry={this.retry} source="boundary" />
      </main>
    );
  }
}
