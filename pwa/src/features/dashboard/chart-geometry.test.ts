import { describe, expect, it } from 'vitest';
import { bars, niceMax, ticks } from './chart-geometry';

describe('chart geometry', () => {
  it('rounds the scale up to 1, 2, 2.5 or 5 × 10ⁿ, and never below 4', () => {
    expect([0, 3, 7, 12, 23, 51, 180, 1000].map(niceMax)).toEqual([4, 4, 10, 20, 25, 100, 200, 1000]);
  });

  it('puts whole-number scale lines from 0 to the top', () => {
    expect(ticks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(ticks(10)).toEqual([0, 5, 10]);
  });

  it('draws bars in proportion, the largest reaching the top of a round scale', () => {
    const drawn = bars(
      [
        { value: 0, label: 'a' },
        { value: 5, label: 'b' },
        { value: 10, label: 'c' },
      ],
      300,
      100,
    );
    expect(drawn.map((bar) => [Math.round(bar.x), bar.height, bar.y])).toEqual([
      [15, 0, 100],
      [115, 50, 50],
      [215, 100, 0],
    ]);
  });
});
