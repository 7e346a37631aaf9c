import { describe, expect, it, vi } from 'vitest';

describe('the console guard (server/test/console-guard.ts, set up for the server and app projects)', () => {
  it.fails('fails a test that writes to console.error, as React does when it warns', () => {
    console.error('Warning: Each child in a list should have a unique "key" prop.');
  });

  it.fails('fails a test that writes to console.warn', () => {
    console.warn('Something is deprecated');
  });

  it('leaves a test alone that spies on the console to check what it says', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    console.error('expected');
    expect(error).toHaveBeenCalledWith('expected');
    error.mockRestore();
  });
});
