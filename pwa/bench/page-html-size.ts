/**
 * `npx tsx pwa/bench/page-html-size.ts` (needs `npm run build`): what a public page's HTML
 * weighs as the server sends it (gzip, as koa-compress gives it to a browser that accepts gzip),
 * in each language, beside the shell's (an unknown path). Issue 24: a rendered page may add at
 * most 15 KB compressed to the shell (decision 096). With a blog post and carousel features, as
 * the Lighthouse bench. For people to read; nothing here is asserted.
 */
import http from 'node:http';
import { createBlogPost, createFeature, renderedPublicRoutes, startHarness } from '../e2e/harness';

const limitBytes = 15 * 1024;

/** The body's size on the wire, and its encoding. */
function sizeOnTheWire(url: string, language: string): Promise<{ bytes: number; encoding: string; status: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'gzip', cookie: `language=${language}`, accept: 'text/html' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'none'), status: response.statusCode ?? 0 }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const harness = await startHarness();
try {
  const token = await harness.tokenFor(await harness.createStaff(2));
  await createFeature(harness, token, { title: 'Community day', text: 'Whānau came together for kai, kōrero and games.', hue: '#1f7a5f' });
  const post = await createBlogPost(harness, token, { title: 'Pānui', author: 'Kaimahi', text: 'Kia ora koutou. '.repeat(80) });
  const routes = renderedPublicRoutes(post._id);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('page                          English            Māori');
  const shell = await sizeOnTheWire(`${harness.baseUrl}/no-such-page`, 'en');
  console.log(`${'the shell (/no-such-page)'.padEnd(30)}${`${shell.bytes} B`.padEnd(19)}(${shell.encoding})`);
  let most = 0;
  for (const route of routes) {
    const cells: string[] = [];
    for (const language of ['en', 'mi']) {
      const page = await sizeOnTheWire(harness.baseUrl + route, language);
      most = Math.max(most, page.bytes - shell.bytes);
      cells.push(`${kb(page.bytes)} (+${kb(page.bytes - shell.bytes)})`.padEnd(19));
    }
    console.log(`${(route.startsWith('/blog/') ? '/blog/{id}' : route).padEnd(30)}${cells.join('')}`);
  }
  console.log(`\nAt most +${kb(most)} over the shell; the limit is +${kb(limitBytes)} (${most <= limitBytes ? 'met' : 'NOT met'}).`);
} finally {
  await harness.close();
}
