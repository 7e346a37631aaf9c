import { afterEach, describe, expect, it } from 'vitest';
import { setClock } from './clock';
import { createRenderCache, keptPageOf } from './render-cache';

afterEach(() => setClock());

/** A render that counts how often it ran, answering with its count. */
function counted(name: string) {
  let renders = 0;
  return {
    render: () => Promise.resolve(`${name} #${++renders}`),
    count: () => renders,
  };
}

describe('createRenderCache', () => {
  it('sends a page again within its time, per key, and renders it afresh after', async () => {
    let time = 1_000_000;
    setClock(() => time);
    const cache = createRenderCache<string>({ ttlMs: 10_000, maxPages: 10 });
    const about = counted('about');
    expect(await cache.get('en /about', about.render)).toEqual({ page: 'about #1', cached: false });
    time += 9_999;
    expect(await cache.get('en /about', about.render)).toEqual({ page: 'about #1', cached: true });
    // Another language is another page.
    expect(await cache.get('mi /about', counted('mō').render)).toEqual({ page: 'mō #1', cached: false });
    time += 1;
    expect(await cache.get('en /about', about.render)).toEqual({ page: 'about #2', cached: false });
  });

  it('renders every page afresh once the content may have changed', async () => {
    const cache = createRenderCache<string>({ ttlMs: 10_000, maxPages: 10 });
    const about = counted('about');
    await cache.get('en /about', about.render);
    cache.contentChanged();
    expect(await cache.get('en /about', about.render)).toEqual({ page: 'about #2', cached: false });
  });

  it('a render under way when the content changes is not sent to the visitors after the change', async () => {
    const cache = createRenderCache<string>({ ttlMs: 10_000, maxPages: 10 });
    let finish: (page: string) => void = () => undefined;
    const before = cache.get('en /', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.contentChanged();
    const after = cache.get('en /', () => Promise.resolve('after the edit'));
    finish('before the edit');
    expect(await before).toEqual({ page: 'before the edit', cached: false });
    expect(await after).toEqual({ page: 'after the edit', cached: false });
    expect(await cache.get('en /', () => Promise.resolve('not asked'))).toEqual({ page: 'after the edit', cached: true });
  });

  it('visitors asking at once share one render; a failed render is not kept', async () => {
    const cache = createRenderCache<string>({ ttlMs: 10_000, maxPages: 10 });
    const page = counted('home');
    const [first, second] = await Promise.all([cache.get('en /', page.render), cache.get('en /', page.render)]);
    expect(first?.page).toBe('home #1');
    expect(second?.page).toBe('home #1');
    expect(page.count()).toBe(1);

    await expect(cache.get('en /blog', () => Promise.reject(new Error('API down')))).rejects.toThrow('API down');
    expect(await cache.get('en /blog', () => Promise.resolve('blog'))).toEqual({ page: 'blog', cached: false });
  });

  it('keeps at most maxPages, dropping the one rendered longest ago', async () => {
    const cache = createRenderCache<string>({ ttlMs: 10_000, maxPages: 2 });
    await cache.get('a', () => Promise.resolve('a'));
    await cache.get('b', () => Promise.resolve('b'));
    await cache.get('c', () => Promise.resolve('c'));
    expect((await cache.get('b', () => Promise.resolve('b again')))?.cached).toBe(true);
    expect((await cache.get('c', () => Promise.resolve('c again')))?.cached).toBe(true);
    expect(await cache.get('a', () => Promise.resolve('a again'))).toEqual({ page: 'a again', cached: false });
  });

  it('after its time sends the page it has while rendering it again behind it, once, for the next visitor', async () => {
    let time = 1_000_000;
    setClock(() => time);
    const cache = createRenderCache<string>({ ttlMs: 10_000, staleMs: 60_000, maxPages: 10 });
    let renders = 0;
    let finish: (page: string) => void = () => undefined;
    const render = () => (++renders === 1 ? Promise.resolve('about #1') : new Promise<string>((resolve) => (finish = resolve)));
    await cache.get('en /about', render);
    time += 10_000;
    // Past its time: the old page at once, one render started behind it (not one per visitor).
    expect(await cache.get('en /about', render)).toEqual({ page: 'about #1', cached: true });
    expect(await cache.get('en /about', render)).toEqual({ page: 'about #1', cached: true });
    expect(renders).toBe(2);
    finish('about #2');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('en /about', render)).toEqual({ page: 'about #2', cached: true });
    expect(renders).toBe(2);
    // Past its time and the stale window too: rendered afresh, and the visitor waits for it.
    time += 10_000 + 60_000;
    const late = cache.get('en /about', () => Promise.resolve('about #3'));
    expect(await late).toEqual({ page: 'about #3', cached: false });
  });

  it('a failed render behind a stale page keeps that page, and the next visitor tries again; a write ends the stale page', async () => {
    let time = 1_000_000;
    setClock(() => time);
    const cache = createRenderCache<string>({ ttlMs: 10_000, staleMs: 60_000, maxPages: 10 });
    await cache.get('en /', () => Promise.resolve('home #1'));
    time += 20_000;
    let tries = 0;
    const failing = () => {
      tries += 1;
      return Promise.reject(new Error('API down'));
    };
    expect(await cache.get('en /', failing)).toEqual({ page: 'home #1', cached: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('en /', failing)).toEqual({ page: 'home #1', cached: true });
    expect(tries).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    cache.contentChanged();
    expect(await cache.get('en /', () => Promise.resolve('home after the edit'))).toEqual({ page: 'home after the edit', cached: false });
  });

  it('keeps nothing, stale or not, when its time is 0', async () => {
    const cache = createRenderCache<string>({ ttlMs: 0, staleMs: 60_000, maxPages: 10 });
    const about = counted('about');
    await cache.get('en /about', about.render);
    expect(await cache.get('en /about', about.render)).toEqual({ page: 'about #2', cached: false });
  });

  it('starts no render past maxRendering (undefined: the caller sends the shell), still sends kept pages, and starts again once one ends', async () => {
    let time = 1_000_000;
    setClock(() => time);
    const cache = createRenderCache<string>({ ttlMs: 10_000, staleMs: 60_000, maxPages: 10, maxRendering: 2 });
    await cache.get('en /', () => Promise.resolve('home #1'));
    const finishes: ((page: string) => void)[] = [];
    const held = () => new Promise<string>((resolve) => finishes.push(resolve));
    const a = cache.get('en /a', held);
    const b = cache.get('en /b', held);
    expect(await cache.get('en /c', () => Promise.resolve('c'))).toBeUndefined();
    // Visitors asking for a page being rendered share it; a kept page is sent, stale or not, with no render behind it.
    expect(finishes).toHaveLength(2);
    expect(await cache.get('en /', () => Promise.resolve('not asked'))).toEqual({ page: 'home #1', cached: true });
    time += 20_000;
    expect(await cache.get('en /', () => Promise.resolve('not asked either'))).toEqual({ page: 'home #1', cached: true });
    finishes[0]?.('a');
    finishes[1]?.('b');
    expect(await a).toEqual({ page: 'a', cached: false });
    expect(await b).toEqual({ page: 'b', cached: false });
    expect(await cache.get('en /c', () => Promise.resolve('c'))).toEqual({ page: 'c', cached: false });
  });

  it('when full, lets a page evictFirst names go before older pages (made-up addresses push no real page out)', async () => {
    const cache = createRenderCache<string>({ ttlMs: 10_000, maxPages: 3, evictFirst: (page) => page.startsWith('404') });
    await cache.get('en /', () => Promise.resolve('home'));
    await cache.get('en /about', () => Promise.resolve('about'));
    for (const n of [1, 2, 3, 4, 5]) await cache.get(`en /blog/made-up-${n}`, () => Promise.resolve(`404 ${n}`));
    expect(await cache.get('en /', () => Promise.resolve('home again'))).toEqual({ page: 'home', cached: true });
    expect(await cache.get('en /about', () => Promise.resolve('about again'))).toEqual({ page: 'about', cached: true });
  });

  it('forgets every page when the content stamp changes, and reads it afresh before each render', async () => {
    let stamp = 'one';
    const asked: boolean[] = [];
    const cache = createRenderCache<string>({
      ttlMs: 10_000,
      maxPages: 10,
      contentStamp: (fresh) => {
        asked.push(fresh);
        return Promise.resolve(stamp);
      },
    });
    const about = counted('about');
    expect(await cache.get('en /about', about.render)).toEqual({ page: 'about #1', cached: false });
    expect(asked).toEqual([false, true]);
    expect(await cache.get('en /about', about.render)).toEqual({ page: 'about #1', cached: true });
    stamp = 'two';
    expect(await cache.get('en /about', about.render)).toEqual({ page: 'about #2', cached: false });
  });
});

describe('keptPageOf', () => {
  it('keys a page by its path, the parameters it reads as it reads them, and en or mi', () => {
    expect(keptPageOf('/about', 'utm_source=x', undefined)).toEqual({ key: 'en /about', url: '/about', language: 'en' });
    expect(keptPageOf('/about/', '', 'zz')).toEqual({ key: 'en /about', url: '/about', language: 'en' });
    expect(keptPageOf('/', 'a=1', 'mi')).toEqual({ key: 'mi /', url: '/', language: 'mi' });
    expect(keptPageOf('/blog', 'page=02&x=1', 'en').url).toBe('/blog?page=2');
    for (const page of ['1', '0', '-2', 'abc', '1.5', '']) expect(keptPageOf('/blog', `page=${page}`, 'en').url).toBe('/blog');
    // Parameters of other pages are not this page's.
    expect(keptPageOf('/blog/abc', 'page=2', 'en').url).toBe('/blog/abc');
  });
});
