/**
 * `npm run bench`: requests per second of the real API against a bare Koa app answering the
 * same JSON bodies, both measured in this run on this machine, printed as ratios. Timings are
 * never asserted in tests; this is for people to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { enrolmentBody } from './enrolment-body';

const serverRoot = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverRoot, '../node_modules/.bin/tsx');
const duration = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const paths = ['/api/services', '/api/content/blog'];

/** Starts bench/target.ts; resolves with the number it prints after `word`: its port, or a measured rate. */
function startTarget(args: string[], word = 'ready'): Promise<{ value: number; child: ChildProcess }> {
  const child = spawn(tsx, [path.join(serverRoot, 'bench/target.ts'), ...args], { cwd: serverRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench target ${args[0]} exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = new RegExp(`${word} ([\\d.]+)`).exec(chunk.toString());
      if (match) resolve({ value: Number(match[1]), child });
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const real = await startTarget(['real']);
const realPort = real.value;
const bodies: Record<string, string> = {};
for (const urlPath of paths) bodies[urlPath] = await (await fetch(`http://127.0.0.1:${realPort}${urlPath}`)).text();
const bodiesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trust-bench-bodies-')), 'bodies.json');
fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
const bare = await startTarget(['bare', bodiesFile]);

console.log(
  `API throughput against a bare Koa app with the same bodies: ${rounds} interleaved rounds of ${duration} s each,\n` +
    `10 connections, ${os.cpus().length} cores; medians shown, so a burst of other load on the machine skews one round only.\n`,
);
console.log('route                    body KB   real req/s   bare req/s   ratio');
try {
  for (const urlPath of paths) {
    const realUrl = `http://127.0.0.1:${realPort}${urlPath}`;
    const bareUrl = `http://127.0.0.1:${bare.value}${urlPath}`;
    for (const url of [realUrl, bareUrl]) await autocannon({ url, connections: 10, duration: 1 }); // warm-up
    const realRates: number[] = [];
    const bareRates: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      realRates.push(await requestsPerSecond(realUrl));
      bareRates.push(await requestsPerSecond(bareUrl));
      ratios.push((realRates.at(-1) ?? 0) / (bareRates.at(-1) ?? 1));
    }
    const [realRate, bareRate] = [median(realRates), median(bareRates)];
    const kb = (Buffer.byteLength(bodies[urlPath] ?? '') / 1024).toFixed(1);
    console.log(
      `${urlPath.padEnd(24)} ${kb.padStart(7)} ${realRate.toFixed(0).padStart(12)} ${bareRate.toFixed(0).padStart(12)} ${median(ratios).toFixed(2).padStart(7)}`,
    );
  }

  // Enrolments: HTTP POSTs through validation, idempotency record and transaction, against raw inserts.
  const enrolments = Number(process.env.BENCH_ENROLMENTS ?? 1000);
  const started = performance.now();
  let next = 0;
  let created = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < enrolments) {
        next += 1;
        const response = await fetch(`http://127.0.0.1:${realPort}/api/enrolments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(enrolmentBody(next)),
        });
        if (response.status === 201) created += 1;
        else throw new Error(`enrolment answered ${response.status}: ${await response.text()}`);
      }
    }),
  );
  const postRate = enrolments / ((performance.now() - started) / 1000);
  const rawRate = (await startTarget(['raw-inserts', String(enrolments)], 'rate')).value;
  console.log(
    `\nEnrolments: ${created} created by POST /api/enrolments (10 at a time) at ${postRate.toFixed(0)}/s;` +
      ` raw single-row inserts into the same SQLite settings ${rawRate.toFixed(0)}/s; ratio ${(postRate / rawRate).toFixed(2)}`,
  );
} finally {
  real.child.kill();
  bare.child.kill();
  fs.rmSync(path.dirname(bodiesFile), { recursive: true, force: true });
}
