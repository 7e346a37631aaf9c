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
});
