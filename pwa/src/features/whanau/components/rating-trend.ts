/**
 * Where each rating of one outcome sits in a small chart: evenly spaced left to right (oldest
 * first), 1 at the bottom and 5 at the top, inside `pad`. One rating sits in the middle.
 */
export function ratingTrend(values: readonly number[], box: { width: number; height: number; pad: number }): { x: number; y: number }[] {
  const inner = { width: box.width - 2 * box.pad, height: box.height - 2 * box.pad };
  const step = values.length > 1 ? inner.width / (values.length - 1) : 0;
  return values.map((value, index) => ({
    x: values.length > 1 ? box.pad + index * step : box.width / 2,
    y: box.pad + ((5 - Math.min(5, Math.max(1, value))) / 4) * inner.height,
  }));
}
