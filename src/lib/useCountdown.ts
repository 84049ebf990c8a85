import { useCallback, useEffect, useState } from "react";
import { MS_PER_SECOND } from "../domain/units";

/** Whole seconds left until a deadline, re-rendering once a second until it passes. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [clock, setClock] = useState<{ deadline: number; now: number } | null>(null);
  useEffect(() => {
    if (!clock || clock.now >= clock.deadline) return;
    const timer = setTimeout(() => setClock((current) => current && { ...current, now: Date.now() }), MS_PER_SECOND);
    return () => clearTimeout(timer);
  }, [clock]);
  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setClock({ deadline: now + seconds * MS_PER_SECOND, now });
  }, []);
  return { secondsLeft: clock ? Math.max(0, Math.ceil((clock.deadline - clock.now) / MS_PER_SECOND)) : 0, start };
}
