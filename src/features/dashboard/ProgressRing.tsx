import type { ReactNode } from "react";
import { PERCENT } from "../../domain/units";

/** SVG geometry in viewBox units: a 120-unit square, ring 10 units thick. */
const VIEWBOX = 120;
const STROKE = 10;
const CENTER = VIEWBOX / 2;
const RADIUS = CENTER - STROKE;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

interface ProgressRingProps {
  /** 0 to 100. */
  percent: number;
  /** The text alternative: the ring is one image (role="img") named by it. */
  label: string;
  /** Shown in the middle; hidden from assistive technology, since the label says it all. */
  children?: ReactNode;
}

/** A circular progress indicator with a text alternative. */
export function ProgressRing({ percent, label, children }: ProgressRingProps) {
  const clamped = Math.min(PERCENT, Math.max(0, percent));
  return (
    <div className="relative size-36 shrink-0 sm:size-40">
      <svg role="img" aria-label={label} viewBox={`0 0 ${VIEWBOX} ${VIEWBOX}`} className="size-full -rotate-90">
        <circle cx={CENTER} cy={CENTER} r={RADIUS} fill="none" strokeWidth={STROKE} className="stroke-muted" />
        <circle
          cx={CENTER}
          cy={CENTER}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / PERCENT)}
          className="stroke-primary transition-[stroke-dashoffset] duration-700"
        />
      </svg>
      <div aria-hidden="true" className="absolute inset-0 flex flex-col items-center justify-center text-center">
        {children}
      </div>
    </div>
  );
}
