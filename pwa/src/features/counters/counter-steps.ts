/** Spec §9: home counters count up in about 400 steps, one every 20 ms (eight seconds). */
export const counterSteps = 400;
export const counterIntervalMs = 20;

/**
 * The number a counter shows at `step` of `steps`: whole numbers that never go down, never pass
 * the target, and land exactly on it at the last step.
 */
export function counterValueAt(target: number, step: number, steps: number = counterSteps): number {
  if (step >= steps) return target;
  if (step <= 0) return 0;
  return Math.floor((target * step) / steps);
}

/** How a counter reads: prefix, number, postfix (e.g. `$294515`). */
export function formatCounter(prefix: string, value: number, postfix = ''): string {
  return `${prefix}${value}${postfix}`;
}
