/**
 * `npm run bench`: server-rendered public pages per second (DESIGN §10), kept and rendered
 * afresh, beside a static file of the build served by the same server in the same run (issue 33).
 * Needs the app's build (`npm run build`). Timings are never asserted in tests; this is for people
 * to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const serverRoot = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverRoot, '../node_modules/.bin/tsx');
const duration = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const dist = path.resolve(serverRoot, '../pwa/dist');

/** The whole app with its build (bench/target.ts `pages`), pages kept for `keepForMs`; resolves with its port. */
function startServer(keepForMs: number): Promise<{ port: number; child: ChildProcess }> {
  const env = {
    ...process.env,
    RENDERED_PAGE_MS: String(keepForMs),
    RENDERED_PAGE_STALE_MS: '0',
    // Every render the bench asks for is made, none answered with the shell as busy.
    RENDER_QUEUE_MAX: '1000',
  };
  const child = spawn(tsx, [path.join(serverRoot, 'bench/target.ts'), 'pages'], { cwd: serverRoot, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench target pages exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /ready (\d+)/.exec(printed);
      if (match) resolve({ port: Number(match[1]), child });
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function checked(name: string, result: autocannon.Result): autocannon.Result {
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(path.resolve(dist, '../dist-ssr/entry-server.js'))) {
  throw new Error('bench/pages.ts needs the app built: npm run build');
}
// The entry's stylesheet: a file of the build, as the same server sends it.
const staticFile = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'))?.[1];
if (!staticFile) throw new Error("the build's index.html names no stylesheet");

console.log(
  `\nServer-rendered pages beside a static file of the build (${staticFile}), served by the same server:\n` +
    `${rounds} interleaved rounds of ${duration} s, 10 connections, ${os.cpus().length} cores, medians; load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}.\n`,
);

const kept = await startServer(600_000);
try {
  const base = `http://127.0.0.1:${kept.port}`;
  const page = await fetch(`${base}/services`);
  if (!(page.headers.get('server-timing') ?? '').startsWith('render;desc="rendered"'))
    throw new Error(`/services was not rendered: ${page.headers.get('server-timing')}`);
  const pageKb = (Buffer.byteLength(await page.text()) / 1024).toFixed(1);
  const fileKb = (Buffer.byteLength(await (await fetch(base + staticFile)).text()) / 1024).toFixed(1);
  for (const url of [`${base}/services`, base + staticFile]) await autocannon({ url, connections: 10, duration: 1 }); // warm-up
  const rows: { page: number; file: number }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const pageRate = checked('kept /services', await autocannon({ url: `${base}/services`, connections: 10, duration })).requests.average;
    const fileRate = checked(staticFile, await autocannon({ url: base + staticFile, connections: 10, duration })).requests.average;
    rows.push({ page: pageRate, file: fileRate });
  }
  const pageRate = median(rows.map((row) => row.page));
  const fileRate = median(rows.map((row) => row.file));
  console.log('                                  KB     req/s   of the static file');
  console.log(`static file                 ${fileKb.padStart(8)} ${fileRate.toFixed(0).padStart(9)}`);
  console.log(
    `kept /services              ${pageKb.padStart(8)} ${pageRate.toFixed(0).padStart(9)} ${median(rows.map((row) => row.page / row.file))
      .toFixed(2)
      .padStart(10)}`,
  );
} finally {
  kept.child.kill();
}

// Afresh: pages kept for no time, each request a page no other asks for at that moment (200 posts
// in two languages, in turn), so no render is shared; at 1 connection, then 10.
const fresh = await startServer(0);
try {
  const base = `http://127.0.0.1:${fresh.port}`;
  const ids: string[] = [];
  for (let listPage = 1; ; listPage += 1) {
    const posts = (await (await fetch(`${base}/api/content/blog?page=${listPage}`)).json()) as { _id: string }[];
    ids.push(...posts.map((post) => post._id));
    if (posts.length < 50) break;
  }
  let sent = 0;
  const renders = (connections: number, seconds: number) =>
    autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            sent += 1;
            return { ...request, path: `/blog/${ids[sent % ids.length]}`, headers: { cookie: `language=${Math.floor(sent / ids.length) % 2 ? 'mi' : 'en'}` } };
          },
        },
      ],
    });
  const probe = await fetch(`${base}/blog/${ids[0]}`, { headers: { cookie: 'language=mi' } });
  if (!(probe.headers.get('server-timing') ?? '').startsWith('render;desc="rendered"'))
    throw new Error(`a post was not rendered afresh: ${probe.headers.get('server-timing')}`);
  await renders(10, 1); // warm-up
  console.log('\nrendered afresh (a post)   conns     req/s   p50 ms   p99 ms');
  for (const connections of [1, 10]) {
    const results: autocannon.Result[] = [];
    for (let round = 0; round < rounds; round += 1) results.push(checked('fresh renders', await renders(connections, duration)));
    const mid = (pick: (result: autocannon.Result) => number) => median(results.map(pick)).toFixed(0);
    console.log(
      `${''.padEnd(26)} ${String(connections).padStart(5)} ${mid((result) => result.requests.average).padStart(9)} ${mid((result) => result.latency.p50).padStart(8)} ${mid((result) => result.latency.p99).padStart(8)}`,
    );
  }
  console.log(
    'Targets (issue 33): a kept page ≥ 0.5 of the static file; renders not one at a time (10 connections answer more per second than 1, their p99 below 10 of one p50).',
  );
} finally {
  fresh.child.kill();
}
