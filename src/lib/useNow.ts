import { useEffect, useState } from "react";

/** The current time, redrawn every `tickMs` while `active` (countdowns). */
export function useNow(tickMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs, active]);
  return now;
}
