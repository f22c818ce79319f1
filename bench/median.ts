/** The median (the mean of the two middle values of an even count); NaN when any value is missing. */
export function medianOf(values: number[]): number {
  if (!values.length || values.some((v) => Number.isNaN(v))) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
