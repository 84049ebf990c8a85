import { useEffect } from "react";
import { useRouteContext } from "@tanstack/react-router";
import { saveDeviceSnapshot } from "../../lib/deviceSnapshot";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";

/**
 * Keeps this device's snapshot (src/lib/deviceSnapshot.ts) in step with the pregnancy list the shell
 * reads anyway: the parent's pregnancy and its babies' names, so the offline tools open without a
 * connection. Someone who is no parent keeps nothing.
 */
export function useDeviceSnapshot(): void {
  const { session } = useRouteContext({ from: "/_authenticated" });
  const { parentPregnancy, isPregnanciesLoading, isError } = usePregnancyContext();
  const userId = session.user.id;
  useEffect(() => {
    if (isPregnanciesLoading || isError) return;
    saveDeviceSnapshot(parentPregnancy ? { userId, pregnancyId: parentPregnancy.id, babies: parentPregnancy.babies.map(({ id, name }) => ({ id, name })) } : null);
  }, [userId, parentPregnancy, isPregnanciesLoading, isError]);
}
