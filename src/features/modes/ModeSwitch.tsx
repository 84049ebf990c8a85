import { useId } from "react";
import { clsx } from "clsx";
import { USER_MODES, type UserMode } from "../../domain/enums";
import { SwapIcon } from "../../ui/icons";
import { useAppMode } from "../pregnancy-context/useAppMode";

const LABELS: Record<UserMode, string> = { parent: "Parent", guest: "Guest" };

/** What the switch does, said next to it (and read with it): the two modes, and what Parent starts for a guest. */
const MODE_SWITCH_HINTS = {
  parent: "Parent: your own pregnancy. Guest: the pregnancies you were invited to.",
  guestOnly: "Guest: the pregnancies you were invited to. Parent: start your own pregnancy.",
} as const;

/**
 * The Parent/Guest mode switch (core spec 2 and 4): two toggle buttons in a group named 'Mode',
 * described by a short hint. Collapsed to icons it is one button named 'Switch to Guest mode' (or
 * Parent), with the same hint as its description.
 */
export function ModeSwitch({ collapsed = false }: { collapsed?: boolean }) {
  const { mode, isLoading, hasParentCapability, switchMode } = useAppMode();
  const hintId = useId();
  const other: UserMode = mode === "parent" ? "guest" : "parent";
  const hint = hasParentCapability ? MODE_SWITCH_HINTS.parent : MODE_SWITCH_HINTS.guestOnly;

  if (collapsed) {
    return (
      <>
        <button
          type="button"
          disabled={isLoading}
          onClick={() => switchMode(other)}
          title={`${LABELS[mode]} mode: switch to ${LABELS[other]} mode`}
          aria-describedby={hintId}
          className="inline-flex size-11 items-center justify-center rounded-xl text-foreground hover:bg-muted disabled:opacity-60"
        >
          <SwapIcon />
          <span className="sr-only">{`Switch to ${LABELS[other]} mode`}</span>
        </button>
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-1">
      <div role="group" aria-label="Mode" aria-describedby={hintId} className="grid grid-cols-2 gap-1 rounded-full border border-border bg-muted p-1">
        {USER_MODES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            disabled={isLoading}
            onClick={() => {
              if (value !== mode) switchMode(value);
            }}
            className={clsx(
              "min-h-9 rounded-full px-3 text-sm font-semibold transition-colors disabled:opacity-60",
              mode === value ? "bg-primary text-primary-foreground shadow-sm" : "text-foreground hover:bg-surface",
            )}
          >
            {LABELS[value]}
          </button>
        ))}
      </div>
      <p id={hintId} className="px-2 text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
