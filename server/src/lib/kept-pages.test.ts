import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionStatement } from '../../contract/enrolments';
import { buildUser, startTestServer, type TestApi } from '../../test/helpers';
import { createApp } from '../app';
import { getConfig } from '../config';
import { BlogPost } from '../db/models/blog-post';

/**
 * The kept rendered pages through the real app (issue 32, decision 112), with a stand-in for the
 * app's server build: it renders a line naming the address and language it was given, or a
 * post's title fetched from the API as the real pages do, and counts its renders. Renders can be
 * held (`holdRenders`) to fill the queue.
 */
type Renders = { renders: { url: string; language: string }[]; hold?: Promise<void> };
const stand = globalThis as typeof globalThis & { keptPagesTest?: Renders };
stand.keptPagesTest = { renders: [] };

const entryServer = `
const state = () => globalThis.keptPagesTest;
export function isServerRendered(pathname) { return /^\\/(|about|blog|blog\\/[^/]+)\\/?$/.test(pathname); }
export function isUnknownAddress() { return false; }
export function cssModulesOf() { return []; }
export async function render({ url, language, apiOrigin }) {
  state().renders.push({ url, language });
  if (state().hold) await state().hold;
  const post = /^\\/blog\\/([^/?]+)/.exec(url);
  const page = (html, notFound = false) => ({ html, data: [], refused: [], notFound, locale: language === 'mi' ? 'mi-NZ' : 'en-NZ' });
  if (!post) return page('<p>' + url + ' in ' + language + '</p>');
  const res = await fetch(apiOrigin + '/api/content/blog/' + post[1]);
  return res.ok ? page('<h1>' + (await res.json()).title + '</h1>') : page('<p>No such post</p>', true);
}
`;

let api: TestApi;
let manager: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  const dist = getConfig().pwaDist;
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-NZ"><head><title>Trust</title><script type="module" crossorigin src="/assets/index-A1.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  const ssr = path.join(path.dirname(dist), 'dist-ssr');
  fs.mkdirSync(ssr, { recursive: true });
  fs.writeFileSync(path.join(ssr, 'entry-server.js'), entryServer);
  api = await startTestServer();
  manager = await buildUser({ access: 2 });
});
afterAll(() => api.close());

const renders = () => stand.keptPagesTest!.renders.length;
const made = (res: { headers: Headers }) => /desc="(\w+)"/.exec(res.headers.get('server-timing') ?? '')?.[1];

describe('kept rendered pages', () => {
  it('render a page once whatever query string or language cookie comes with it, and the pages that differ apart', async () => {
    const first = await api.get('/about');
    expect(made(first)).toBe('rendered');
    expect(first.text).toContain('<p>/about in en</p>');
    const before = renders();
    for (const [address, cookie] of [
      ['/about?utm_source=probe', undefined],
      [`/about?${crypto.randomUUID()}`, undefined],
      ['/about/', undefined],
      ['/about', 'language=zz'],
      ['/about', 'language=en'],
      ['/about?fixed=1', 'theme=dark; language=xx'],
    ] as const) {
      const res = await api.get(address, cookie ? { headers: { cookie } } : {});
      expect(made(res), `${address} ${cookie}`).toBe('kept');
      expect(res.text).toContain('<p>/about in en</p>');
    }
    expect(renders()).toBe(before);

    // The page the blog reads, as it reads it: ?page=01 is page 1, ?page=2 another page.
    expect(made(await api.get('/blog'))).toBe('rendered');
    for (const address of ['/blog?page=1', '/blog?page=01', '/blog?page=zz', '/blog?page=-3&x=1']) expect(made(await api.get(address)), address).toBe('kept');
    const second = await api.get('/blog?page=2&utm=1');
    expect(made(second)).toBe('rendered');
    expect(second.text).toContain('<p>/blog?page=2 in en</p>');
    expect(made(await api.get('/blog?page=02'))).toBe('kept');
    // Te reo is its own page.
    const mi = await api.get('/about', { headers: { cookie: 'language=mi' } });
    expect(made(mi)).toBe('rendered');
    expect(mi.text).toContain('<p>/about in mi</p>');
  });

  it('are kept through an enrolment and case work, and forgotten at once when public content is written', async () => {
    await api.get('/');
    expect(made(await api.get('/'))).toBe('kept');
    const enrolment = await api.post('/api/enrolments', {
      json: {
        _id: crypto.randomUUID(),
        serviceKey: 'whanau_ora_support',
        givenName: 'Mere',
        familyName: 'Parata',
        phone: '021 555 0101',
        preferredContact: 'phone',
        consent: true,
        statementVersion: collectionStatement.version,
      },
    });
    expect(enrolment.status).toBe(201);
    expect(made(await api.get('/'))).toBe('kept');
    // Nor does a kaimahi's case work.
    const kaimahi = await buildUser({ access: 1, services: ['whanau_ora_support'] });
    const id = crypto.randomUUID();
    const work = await api.post('/api/sync', {
      token: kaimahi.token,
      json: { mutations: [{ _id: id, kind: 'whanau.create', entityId: id, payload: { name: 'Te Whānau o Rewi' } }] },
    });
    expect(work.body.results[0].status).toBe('applied');
    expect(made(await api.get('/'))).toBe('kept');

    const edit = await api.patch('/api/site', { token: manager.token, json: { hours: 'Monday to Friday, 9 to 5' } });
    expect(edit.status).toBe(200);
    expect(made(await api.get('/'))).toBe('rendered');
  });

  it('answer the shell when as many renders wait as may (8), and render again once they are done', async () => {
    let release: () => void = () => undefined;
    stand.keptPagesTest!.hold = new Promise<void>((resolve) => (release = resolve));
    const waiting = Array.from({ length: 8 }, (_, index) => api.get(`/blog?page=${index + 10}`));
    await expect.poll(() => stand.keptPagesTest!.renders.filter((render) => render.url.startsWith('/blog?page=1')).length).toBe(8);
    const busy = await api.get('/about?language=mi', { headers: { cookie: 'language=mi' } });
    const other = await api.get('/', { headers: { cookie: 'language=mi' } });
    for (const res of [busy, other]) {
      expect(res.status).toBe(200);
      expect(made(res)).toBe('busy');
      // The app's own index.html, which renders the page in the browser.
      expect(res.text).toContain('<div id="root"></div>');
    }
    stand.keptPagesTest!.hold = undefined;
    release();
    expect((await Promise.all(waiting)).map((res) => made(res))).toEqual(Array(8).fill('rendered'));
    expect(made(await api.get('/', { headers: { cookie: 'language=mi' } }))).toBe('rendered');
  });

  it('leave a second instance within a second of a post taken down there', async () => {
    const post = await BlogPost.create({
      title: 'Whānau day at the marae',
      author: 'Kaimahi',
      text: 'Photos of the day.',
      imageAlt: 'Tamariki at the marae',
      imageWidth: 1600,
      imageHeight: 900,
      publishAt: new Date(Date.now() - 60_000),
    });
    // Another instance: its own app and memory, the same database.
    const other = http.createServer(createApp().callback());
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const page = () => fetch(`${base}/blog/${post.id}`).then(async (res) => ({ status: res.status, text: await res.text(), made: made(res) }));
      expect(await page()).toMatchObject({ status: 200, made: 'rendered' });
      expect(await page()).toMatchObject({ status: 200, made: 'kept', text: expect.stringContaining('Whānau day at the marae') });

      // Taken down past this process's API, as another instance would.
      await BlogPost.destroy({ where: { id: post.id } });
      const takenDown = performance.now();
      let now = await page();
      while (now.status === 200 && performance.now() - takenDown < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        now = await page();
      }
      expect(now.made, now.text.slice(0, 300)).toBe('rendered');
      expect(now.status).toBe(404);
      expect(now.text).not.toContain('Whānau day at the marae');
      expect(performance.now() - takenDown).toBeLessThan(1_000);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
