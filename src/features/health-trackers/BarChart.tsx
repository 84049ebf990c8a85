import { useId } from "react";

export interface Bar {
  key: string;
  /** Under the bar ('5/4', '9:05 AM'). */
  label: string;
  /** Null draws no bar (a day without sessions). */
  value: number | null;
  /** The value in words, shown as the bar's tooltip. */
  valueText: string;
}

/** Drawing units of the viewBox (the SVG scales to its width). */
const WIDTH = 320;
const HEIGHT = 140;
const LABEL_SPACE = 20;
const TOP_SPACE = 14;
const BAR_GAP_RATIO = 0.3;
/** At most this many labels under the bars (every n-th bar), so they never overlap. */
const MAX_LABELS = 7;

interface BarChartProps {
  caption: string;
  description: string;
  bars: readonly Bar[];
  /** The tallest bar's value in words, written at the top of the scale. */
  formatMax: (max: number) => string;
}

/**
 * A small bar chart drawn in SVG. It is an image with a name (the caption) and a description that
 * points to the table with the same figures, which screen readers and keyboard users read instead.
 */
export function BarChart({ caption, description, bars, formatMax }: BarChartProps) {
  const captionId = useId();
  const descriptionId = useId();
  const max = Math.max(0, ...bars.map((bar) => bar.value ?? 0));
  const slot = WIDTH / Math.max(1, bars.length);
  const barWidth = slot * (1 - BAR_GAP_RATIO);
  const baseline = HEIGHT - LABEL_SPACE;
  const scale = baseline - TOP_SPACE;
  const labelEvery = Math.ceil(bars.length / MAX_LABELS);
  return (
    <figure className="card flex flex-col gap-2 p-4">
      <figcaption id={captionId} className="font-semibold">
        {caption}
      </figcaption>
      <svg role="img" aria-labelledby={captionId} aria-describedby={descriptionId} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-xl">
        {max > 0 && (
          <>
            <line x1="0" x2={WIDTH} y1={TOP_SPACE} y2={TOP_SPACE} className="stroke-border" strokeDasharray="4 3" />
            <text x="0" y={TOP_SPACE - 4} className="fill-muted-foreground text-[9px]">
              {formatMax(max)}
            </text>
          </>
        )}
        <line x1="0" x2={WIDTH} y1={baseline} y2={baseline} className="stroke-border" />
        {bars.map((bar, i) => {
          const height = bar.value && max > 0 ? (bar.value / max) * scale : 0;
          const x = i * slot + (slot - barWidth) / 2;
          return (
            <g key={bar.key}>
              {height > 0 && (
                <rect x={x} y={baseline - height} width={barWidth} height={height} rx="3" className="fill-primary">
                  <title>{`${bar.label}: ${bar.valueText}`}</title>
                </rect>
              )}
              {i % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" className="fill-muted-foreground text-[9px]">
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <p id={descriptionId} className="text-sm text-muted-foreground">
        {description}
      </p>
    </figure>
  );
}
