/**
 * The birth plan being edited: the answers on screen, saved by themselves shortly after the last
 * change, one save at a time (so an older save never lands after a newer one), and at once when
 * the parent leaves the page or opens the print view.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import type { HealthScope } from "./HealthToolPage";
import type { BirthPlanAnswer, BirthPlanAnswers } from "../../domain/birthPlan";

/** The birth plan saves itself this long after the last change. */
export const BIRTH_PLAN_AUTOSAVE_MS = 800;

export type SaveStatus = "saved" | "unsaved" | "saving" | "failed";

const isEmpty = (answer: BirthPlanAnswer) => (Array.isArray(answer) ? answer.length === 0 : answer === "");

export function useBirthPlanDraft(scope: HealthScope, saved: BirthPlanAnswers) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState(saved);
  const [status, setStatus] = useState<SaveStatus>("saved");
  const latest = useRef(saved);
  const dirty = useRef(false);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const save = useMutation(trpc.healthRecords.birthPlan.save.mutationOptions({ meta: { isolationToast: false } }));
  const { mutateAsync } = save;

  /** Saves what is on screen now, after any save already on its way. */
  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
    if (!dirty.current) return;
    dirty.current = false;
    setStatus("saving");
    const run = mutateAsync({ ...scope, answers: latest.current })
      .then(
        (plan) => {
          queryClient.setQueryData(trpc.healthRecords.birthPlan.get.queryKey(scope), plan);
          setStatus(dirty.current ? "unsaved" : "saved");
        },
        () => {
          dirty.current = true;
          setStatus("failed");
        },
      )
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = run;
    await run;
  }, [mutateAsync, queryClient, scope, trpc]);

  const change = useCallback(
    (key: string, answer: BirthPlanAnswer) => {
      const next = { ...latest.current };
      if (isEmpty(answer)) delete next[key];
      else next[key] = answer;
      latest.current = next;
      dirty.current = true;
      setAnswers(next);
      setStatus("unsaved");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), BIRTH_PLAN_AUTOSAVE_MS);
    },
    [flush],
  );

  // Leaving the page saves what is pending; closing the tab first asks the browser to warn.
  const flushOnLeave = useRef(flush);
  useEffect(() => {
    flushOnLeave.current = flush;
  }, [flush]);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current || inFlight.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      if (dirty.current) void flushOnLeave.current();
    };
  }, []);

  return { answers, status, change, flush, hasPending: () => dirty.current || inFlight.current !== null };
}
