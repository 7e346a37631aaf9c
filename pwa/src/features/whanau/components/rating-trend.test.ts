import { describe, expect, it } from 'vitest';
import { ratingTrend } from './rating-trend';

const box = { width: 100, height: 28, pad: 4 };

describe('ratingTrend', () => {
  it('puts 5 at the top and 1 at the bottom, oldest on the left', () => {
    expect(ratingTrend([1, 3, 5], box)).toEqual([
      { x: 4, y: 24 },
      { x: 50, y: 14 },
      { x: 96, y: 4 },
    ]);
  });

  it('sets a single rating in the middle of the width', () => {
    expect(ratingTrend([4], box)).toEqual([{ x: 50, y: 9 }]);
  });

  it('keeps a value outside 1–5 inside the box', () => {
    expect(ratingTrend([0, 9], box).map((point) => point.y)).toEqual([24, 4]);
  });
});
