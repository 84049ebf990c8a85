import { Button } from "../../ui/Button";
import { useAppMode } from "../pregnancy-context/useAppMode";

/**
 * A parent who switched to Guest and follows nobody's pregnancy as a guest: why the screen is empty,
 * and the way back to their own pregnancy.
 */
export function GuestModeEmpty() {
  const { switchMode } = useAppMode();
  return (
    <section aria-labelledby="guest-mode-empty" className="rounded-card border border-dashed border-input bg-surface p-6 text-center">
      <h2 id="guest-mode-empty" className="text-xl font-bold">
        You're in Guest mode
      </h2>
      <p className="mt-2 text-muted-foreground">
        Guest mode shows the pregnancies other parents invited you to, and nobody has invited you yet. Your own pregnancy is in Parent mode.
      </p>
      <Button className="mt-4" onClick={() => switchMode("parent")}>
        Back to Parent mode
      </Button>
    </section>
  );
}
