import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startAfterFirstPaint } from './render-page';

/** The head of the app's index.html as `vite build` writes it. */
const template = `<!doctype html>
<html lang="en-NZ">
  <head>
    <title>Te Whare Manaaki Trust</title>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-EfGh5678.css">
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-IjKl9012.js">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('startAfterFirstPaint', () => {
  it('takes the module script and its preloads out of the head and starts them from a loader at the end of the body', () => {
    const { html, loaderSha256 } = startAfterFirstPaint(template);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    // The stylesheet and the manifest stay where they were.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-EfGh5678.css">');
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const loader = /<script>(.*)<\/script><\/body>/s.exec(html)?.[1] ?? '';
    expect(loader).toContain('"/assets/index-AbCd1234.js"');
    expect(loader).toContain('["/assets/rolldown-runtime-IjKl9012.js"]');
    expect(loader).toContain('first-contentful-paint');
    // The hash the page's CSP names is the loader's, byte for byte.
    expect(loaderSha256).toBe(createHash('sha256').update(loader).digest('base64'));
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('refuses a template with no module script, or more than one, rather than send a page that never starts', () => {
    expect(() => startAfterFirstPaint(template.replace(/<script[^>]*><\/script>/, ''))).toThrow(/no single module script/);
    const twice = template.replace('</head>', '<script type="module" crossorigin src="/assets/other-Mn3456.js"></script></head>');
    expect(() => startAfterFirstPaint(twice)).toThrow(/no single module script/);
  });
});
