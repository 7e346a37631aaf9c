/**
 * The time rate limits and log rotation read. Tests move it forward instead of sleeping through
 * a window; everything else gets the real time.
 */
const realTime = () => Date.now();
let current: () => number = realTime;

export function now(): number {
  return current();
}

/** Tests only: replace the clock (pass nothing to go back to the real one). */
export function setClock(clock: () => number = realTime): void {
  current = clock;
}
