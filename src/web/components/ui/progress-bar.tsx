/** A labelled bar of `value` out of `max` (kept within 0…max). */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
}: {
  label: string;
  value: number;
  max: number;
  valueText: string;
}) {
  const safeMax = Math.max(1, max);
  const shown = Math.min(Math.max(0, value), safeMax);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={shown}
      aria-valuetext={valueText}
      className="h-3 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-brand transition-[width] duration-300 motion-reduce:transition-none"
        style={{ width: `${(shown / safeMax) * 100}%` }}
      />
    </div>
  );
}

/** A grey block standing in for text that is still loading: same height, no shift when it arrives. */
export function TextSkeleton({ className = "w-32" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block h-[1em] animate-pulse rounded bg-muted align-middle ${className}`}
    />
  );
}
