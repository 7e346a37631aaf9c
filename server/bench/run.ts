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
import { syncBatch } from './sync-batch';

const serverRoot = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverRoot, '../node_modules/.bin/tsx');
const duration = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const paths = ['/api/services', '/api/content/blog'];

/**
 * Starts bench/target.ts; resolves with the number it prints after `word` (its port, or a
 * measured rate) and everything it printed up to then.
 */
function startTarget(args: string[], word = 'ready'): Promise<{ value: number; child: ChildProcess; printed: string }> {
  const child = spawn(tsx, [path.join(serverRoot, 'bench/target.ts'), ...args], { cwd: serverRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench target ${args[0]} exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = new RegExp(`${word} ([\\d.]+)`).exec(printed);
      if (match) resolve({ value: Number(match[1]), child, printed });
    });
  });
}

type SyncTiming = { ms: number; applied: number };

/** Sends one 100-mutation batch (after making the enrolments it moves along) and times the answer. */
async function timeSyncBatch(port: number, token: string): Promise<SyncTiming> {
  const { enrolments, mutations } = syncBatch();
  for (const enrolment of enrolments) {
    const response = await fetch(`http://127.0.0.1:${port}/api/enrolments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(enrolment),
    });
    if (response.status !== 201) throw new Error(`sync bench: enrolment answered ${response.status}`);
  }
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify({ mutations }),
  });
  const ms = performance.now() - started;
  const body = (await response.json()) as { results?: { status: string }[] };
  if (response.status !== 200 || !body.results) throw new Error(`sync bench: ${response.status} ${JSON.stringify(body)}`);
  const refused = body.results.filter((result) => result.status !== 'applied' && result.status !== 'not_applied');
  if (refused.length > 0) throw new Error(`sync bench: ${refused.length} mutations not applied: ${JSON.stringify(refused[0])}`);
  return { ms, applied: body.results.filter((result) => result.status === 'applied').length };
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
console.log(
  `Load average at start: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}\n`,
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

  // Blog list at 200 posts: what it weighs now, beside the list of full posts it replaced (the
  // same posts fetched one by one and put in one array, as GET /api/content/blog used to answer).
  const blogList = bodies['/api/content/blog'] ?? '[]';
  const listed = JSON.parse(blogList) as { _id: string }[];
  const everyPost: { _id: string }[] = [];
  for (let page = 1; ; page += 1) {
    const items = (await (await fetch(`http://127.0.0.1:${realPort}/api/content/blog?page=${page}`)).json()) as { _id: string }[];
    everyPost.push(...items);
    if (items.length < 50) break;
  }
  const fullPosts = await Promise.all(everyPost.map(async (post) => (await fetch(`http://127.0.0.1:${realPort}/api/content/blog/${post._id}`)).text()));
  const fullList = `[${fullPosts.join(',')}]`;
  const kb = (text: string | Buffer) => (Buffer.byteLength(text) / 1024).toFixed(1);
  const gzipped = await fetch(`http://127.0.0.1:${realPort}/api/content/blog`, { headers: { 'accept-encoding': 'gzip' } });
  console.log(
    `\nBlog list, ${everyPost.length} posts: GET /api/content/blog answers ${listed.length} of them in ${kb(blogList)} KB` +
      ` (${(Number(gzipped.headers.get('content-length') ?? 0) / 1024).toFixed(1)} KB as sent gzip, kept compressed);` +
      ` every post with its full text, as the list was, ${kb(fullList)} KB. Target ≤ 30 KB.`,
  );

  // Enrolments: POST /api/enrolments (validation, exactly-once record, group commit) against a bare
  // Koa handler doing one raw insert per request with the same durability, interleaved rounds.
  const bareInsert = await startTarget(['bare-insert']);
  try {
    console.log('\nPOST /api/enrolments     conns   real req/s   bare req/s   ratio   real p99 ms   bare p99 ms');
    let sent = 0;
    const post = (port: number, connections: number) =>
      autocannon({
        url: `http://127.0.0.1:${port}/api/enrolments`,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: JSON.stringify(enrolmentBody((sent += 1))) }),
          },
        ],
      });
    for (const connections of [10, 50]) {
      await post(realPort, connections);
      await post(bareInsert.value, connections);
      const rows: { real: number; bare: number; ratio: number; realP99: number; bareP99: number }[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const realResult = await post(realPort, connections);
        const bareResult = await post(bareInsert.value, connections);
        for (const [name, result] of [
          ['real', realResult],
          ['bare', bareResult],
        ] as const) {
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name} enrolments: ${result.non2xx} non-2xx, ${result.errors} errors`);
        }
        rows.push({
          real: realResult.requests.average,
          bare: bareResult.requests.average,
          ratio: realResult.requests.average / bareResult.requests.average,
          realP99: realResult.latency.p99,
          bareP99: bareResult.latency.p99,
        });
      }
      const mid = (pick: (row: (typeof rows)[number]) => number) => median(rows.map(pick));
      console.log(
        `${''.padEnd(24)} ${String(connections).padStart(5)} ${mid((row) => row.real)
          .toFixed(0)
          .padStart(12)} ${mid((row) => row.bare)
          .toFixed(0)
          .padStart(12)}` +
          ` ${mid((row) => row.ratio)
            .toFixed(2)
            .padStart(7)} ${mid((row) => row.realP99)
            .toFixed(0)
            .padStart(13)} ${mid((row) => row.bareP99)
            .toFixed(0)
            .padStart(13)}`,
      );
    }
    console.log('Targets (issue 12): ratio ≥ 0.5 at 10 and 50 connections; real p99 ≤ 100 ms at 50.');

    // Issue 19: a kaimahi's full outbox (100 mutations in one POST /api/sync) answered while 50
    // people enrol at once, beside the same kind of batch on a quiet server, in this run.
    const token = /staff-token (\S+)/.exec(real.printed)?.[1] ?? '';
    const alone: SyncTiming[] = [];
    const loaded: SyncTiming[] = [];
    for (let round = 0; round < rounds; round += 1) {
      alone.push(await timeSyncBatch(realPort, token));
      let stop = () => undefined as void;
      const load = new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: `http://127.0.0.1:${realPort}/api/enrolments`,
            connections: 50,
            duration: 120,
            requests: [
              {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                setupRequest: (request) => ({ ...request, body: JSON.stringify(enrolmentBody((sent += 1))) }),
              },
            ],
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        stop = () => instance.stop();
      });
      await new Promise((resolve) => setTimeout(resolve, 1000)); // let the 50 enrolling connections get going
      loaded.push(await timeSyncBatch(realPort, token));
      stop();
      const result = await load;
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`enrolments beside the sync batch: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
    const mid = (timings: SyncTiming[], pick: (timing: SyncTiming) => number) => median(timings.map(pick));
    console.log('\nPOST /api/sync, 100 mutations        alone ms   beside 50 enrolling ms   ratio   applied alone / beside');
    console.log(
      `${''.padEnd(36)} ${mid(alone, (timing) => timing.ms)
        .toFixed(0)
        .padStart(8)} ${mid(loaded, (timing) => timing.ms)
        .toFixed(0)
        .padStart(24)} ${(mid(loaded, (timing) => timing.ms) / mid(alone, (timing) => timing.ms)).toFixed(2).padStart(7)}` +
        ` ${String(mid(alone, (timing) => timing.applied)).padStart(10)} / ${mid(loaded, (timing) => timing.applied)}`,
    );
    console.log('Target (issue 19): the batch beside 50 enrolling people is answered in ≤ 10 s; what the time budget did not reach is "not_applied".');
    console.log(
      `Load average at end: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    bareInsert.child.kill();
  }
} finally {
  real.child.kill();
  bare.child.kill();
  fs.rmSync(path.dirname(bodiesFile), { recursive: true, force: true });
}
