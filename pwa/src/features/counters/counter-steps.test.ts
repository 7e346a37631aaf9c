import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { site } from '../../content/site';
import { spec } from '../../i18n/spec';
import { counterIntervalMs, counterSteps, counterValueAt, formatCounter } from './counter-steps';

describe('counter steps (spec §9: about 400 steps every 20 ms)', () => {
  it('uses 400 steps of 20 ms', () => {
    expect(counterSteps).toBe(400);
    expect(counterIntervalMs).toBe(20);
  });

  it('starts at 0 and lands exactly on every home target', () => {
    for (const counter of site.counters) {
      expect(counterValueAt(counter.target, 0)).toBe(0);
      expect(counterValueAt(counter.target, counterSteps)).toBe(counter.target);
      expect(counterValueAt(counter.target, counterSteps + 10)).toBe(counter.target);
    }
  });

  it('is halfway at step 200', () => {
    expect(counterValueAt(4531, 200)).toBe(2265);
    expect(counterValueAt(83, 200)).toBe(41);
  });

  it('only ever shows whole numbers that rise to the target and never pass it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: counterSteps }), (target, step) => {
        const value = counterValueAt(target, step);
        const next = counterValueAt(target, step + 1);
        return Number.isInteger(value) && value >= 0 && value <= target && next >= value;
      }),
    );
  });

  it('writes the prefix and postfix around the number', () => {
    expect(formatCounter('$', 294515)).toBe('$294515');
    expect(formatCounter('', 27186, ' kg')).toBe('27186 kg');
  });
});

describe('the home counters (spec §9)', () => {
  it('are the eight the trust gave, in order', () => {
    expect(site.counters.map((counter) => `${counter.prefix}${counter.target} ${spec[counter.text]}`)).toEqual([
      '4531 Kai Parcels Delivered',
      '27186 Kg of Kai Delivered',
      '2763 Whanau Assistance Interventions',
      '723 Youth Participants',
      '1189 Rangatahi Fitness and Takaro Events',
      '$294515 Value of Kai Parcels Delivered',
      '1375 Hours of Music Therapy Provided',
      '83 Maara Kai Gardens Planted',
    ]);
  });
});
