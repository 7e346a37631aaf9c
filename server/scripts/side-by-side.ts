/**
 * `tsx server/scripts/side-by-side.ts "npm run typecheck" "npm run lint" …`: runs the commands at
 * once (the checks before the tests are single-threaded, and a 2-core machine has room for two),
 * prints each one's output whole when it ends, and fails when any of them failed.
 */
import { spawn } from 'node:child_process';

function run(command: string): Promise<{ command: string; code: number; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => resolve({ command, code: code ?? 1, output: Buffer.concat(chunks).toString(), seconds: (performance.now() - started) / 1000 }));
  });
}

const commands = process.argv.slice(2);
const results = await Promise.all(
  commands.map(async (command) => {
    const result = await run(command);
    process.stdout.write(`\n> ${command} (${result.seconds.toFixed(0)} s, ${result.code === 0 ? 'ok' : `exit ${result.code}`})\n${result.output}`);
    return result;
  }),
);
const failed = results.filter((result) => result.code !== 0);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((result) => result.command).join(', ')}`);
  process.exit(1);
}
