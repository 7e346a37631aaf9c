import { afterEach, describe, expect, it } from 'vitest';
import { setClock } from './clock';
import { createRenderCache } from './render-cache';

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
    expect(first.page).toBe('home #1');
    expect(second.page).toBe('home #1');
    expect(page.count()).toBe(1);

    await expect(cache.get('en /blog', () => Promise.reject(new Error('API down')))).rejects.toThrow('API down');
    expect(await cache.get('en /blog', () => Promise.resolve('blog'))).toEqual({ page: 'blog', cached: false });
  });

  it('keeps at most maxPages, dropping the one rendered longest ago', async () => {
    const cache = createRenderCache<string>({ ttlMs: 10_000, maxPages: 2 });
    await cache.get('a', () => Promise.resolve('a'));
    await cache.get('b', () => Promise.resolve('b'));
    await cache.get('c', () => Promise.resolve('c'));
    expect((await cache.get('b', () => Promise.resolve('b again'))).cached).toBe(true);
    expect((await cache.get('c', () => Promise.resolve('c again'))).cached).toBe(true);
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
});
