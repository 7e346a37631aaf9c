import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { logFile } from './logger';
import { logResponseFailure } from './request-log';

const lines = () => {
  const file = logFile.currentPath();
  return file && fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
};

describe('a response that could not be sent', () => {
  it('is not an error when the client went away, and is one otherwise', () => {
    const before = lines().length;
    for (const code of ['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']) logResponseFailure(Object.assign(new Error('gone'), { code }));
    logResponseFailure(Object.assign(new Error('request aborted'), { type: 'request.aborted' }));
    logResponseFailure(new Error('disk on fire'));
    const errors = lines()
      .slice(before)
      .filter((line) => line.level >= 50);
    expect(errors.map((line) => line.err.message)).toEqual(['disk on fire']);
  });
});
