import { format } from 'node:util';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * Set up before every unit test file, the server's and the app's: a test during which React
 * warns, or anything writes to `console.error` or `console.warn`, fails and shows what was said.
 * A test that means to make something complain spies on the console itself and says what it
 * expects (its spy takes the calls).
 */
let said: string[] = [];
let spies: MockInstance[] = [];

beforeEach(() => {
  said = [];
  spies = (['error', 'warn'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      said.push(`console.${level}: ${format(...args)}`);
    }),
  );
});

afterEach(() => {
  for (const spy of spies) spy.mockRestore();
  if (said.length > 0) throw new Error(`The test wrote to the console:\n${said.join('\n')}`);
});
