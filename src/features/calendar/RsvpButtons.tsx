import { clsx } from "clsx";
import { RSVP_ANSWERS, RSVP_LABELS, type RsvpAnswer } from "../../domain/calendar";
import type { RsvpStatus } from "../../domain/enums";

interface RsvpButtonsProps {
  /** The current answer ('pending' before the first one). */
  status: RsvpStatus | null;
  onAnswer: (answer: RsvpAnswer) => void;
  /** The answer being sent, shown as chosen while it travels. */
  pending?: RsvpAnswer | undefined;
  /** Names the group for screen readers, e.g. the event's title. */
  label: string;
  size?: "sm" | "md";
}

/** Attending / Maybe / Can't make it as toggle buttons: the chosen one is pressed (aria-pressed). */
export function RsvpButtons({ status, onAnswer, pending, label, size = "md" }: RsvpButtonsProps) {
  const shown = pending ?? status;
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {RSVP_ANSWERS.map((answer) => {
        const pressed = shown === answer;
        return (
          <button
            key={answer}
            type="button"
            aria-pressed={pressed}
            disabled={pending !== undefined}
            onClick={() => onAnswer(answer)}
            className={clsx(
              "rounded-full border font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-wait",
              size === "sm" ? "min-h-9 px-3 text-sm" : "min-h-11 px-4",
              pressed ? "border-primary bg-primary text-primary-foreground" : "border-border bg-surface hover:bg-muted",
            )}
          >
            {RSVP_LABELS[answer]}
          </button>
        );
      })}
    </div>
  );
}

/** 'Your answer: Attending' under the buttons, announced when it changes. */
export function RsvpStatusText({ status }: { status: RsvpStatus | null }) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {status && status !== "pending" ? `Your answer: ${RSVP_LABELS[status]}` : "You have not answered yet."}
    </p>
  );
}

/** Where a guest who was not invited would find the answer buttons: why there are none. */
export function NotInvitedNote() {
  return <p className="text-sm text-muted-foreground">Only the people invited to this event answer it. You can still add it to your calendar.</p>;
}
