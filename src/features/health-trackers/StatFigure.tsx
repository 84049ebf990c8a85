/** One figure of a tracker (a term and its value, inside a <dl>), the value large above its name. */
export function StatFigure({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col-reverse gap-1 rounded-xl bg-muted p-2">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}
