import { describe, expect, it, vi } from 'vitest';
import { loadRouteModule, routeLoadTimeoutMs } from './lazy-route';

describe('loadRouteModule (spec §9: 120000 ms chunk time-out)', () => {
  it('uses the 120000 ms time-out', () => {
    expect(routeLoadTimeoutMs).toBe(120_000);
  });

  it('tries once more after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce('module');
    await expect(loadRouteModule(load)).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second failure', async () => {
    const load = vi.fn().mockRejectedValue(new Error('chunk failed'));
    await expect(loadRouteModule(load)).rejects.toThrow('chunk failed');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('retries when the first load takes longer than the time-out', async () => {
    vi.useFakeTimers();
    try {
      const load = vi
        .fn()
        .mockReturnValueOnce(new Promise(() => undefined))
        .mockResolvedValueOnce('module');
      const loaded = loadRouteModule(load);
      await vi.advanceTimersByTimeAsync(routeLoadTimeoutMs);
      await expect(loaded).resolves.toBe('module');
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
