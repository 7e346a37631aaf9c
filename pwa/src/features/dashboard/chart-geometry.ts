/** A round top for a chart's scale (1, 2, 5 × 10ⁿ) at or above the largest value; 4 at least. */
export function niceMax(largest: number): number {
  if (largest <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(largest));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= largest) return step * power;
  return 10 * power;
}

/** Evenly spaced scale lines from 0 to the top, whole numbers only. */
export function ticks(top: number, count = 4): number[] {
  const step = top / count;
  return Array.from({ length: count + 1 }, (_, index) => index * step).filter((value) => Number.isInteger(value));
}

export type Bar = { x: number; y: number; width: number; height: number; value: number; label: string };

/** Bars for values in a plot area of `width` × `height`, with a gap between them. */
export function bars(
  values: readonly { value: number; label: string }[],
  width: number,
  height: number,
  top: number = niceMax(Math.max(0, ...values.map((entry) => entry.value))),
): Bar[] {
  if (values.length === 0) return [];
  const slot = width / values.length;
  const barWidth = slot * 0.7;
  return values.map((entry, index) => {
    const barHeight = top === 0 ? 0 : (entry.value / top) * height;
    return { x: index * slot + (slot - barWidth) / 2, y: height - barHeight, width: barWidth, height: barHeight, value: entry.value, label: entry.label };
  });
}
