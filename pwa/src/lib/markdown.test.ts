import { describe, expect, it } from 'vitest';
import { isSafeLink, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders ordinary Markdown', () => {
    expect(renderMarkdown('Kia ora **whānau**\n\n- one\n- two')).toBe('<p>Kia ora <strong>whānau</strong></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
  });

  it('escapes a <script> in the source instead of running it', () => {
    const html = renderMarkdown('Hello <script>alert("hi")</script> there\n\n<script>alert(1)</script>');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
  });

  it('escapes raw HTML with event handlers', () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)">\n\n<a href="javascript:alert(1)">x</a>');
    expect(html).not.toMatch(/<img|<a /);
    expect(html).toContain('&lt;img');
  });

  it.each([
    '[click me](javascript:alert(1))',
    '[click me](JaVaScRiPt:alert(1))',
    '[click me](&#106;avascript:alert(1))',
    '[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[click me](vbscript:msgbox(1))',
    '[click me](ftp://example.org/file)',
    '[click me](irc://example.org/channel)',
    '<javascript:alert(1)>',
  ])('turns %s into plain text, not a link', (markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toContain('<a');
    expect(html).not.toMatch(/href=/);
  });

  it('keeps http(s), mailto and same-site links', () => {
    expect(renderMarkdown('[site](https://example.org.nz/a?b=1&c=2)')).toBe('<p><a href="https://example.org.nz/a?b=1&amp;c=2">site</a></p>');
    expect(renderMarkdown('[plain](http://example.org)')).toContain('<a href="http://example.org">plain</a>');
    expect(renderMarkdown('[email us](mailto:kiaora@example.org.nz)')).toContain('<a href="mailto:kiaora@example.org.nz">email us</a>');
    expect(renderMarkdown('[our services](/services)')).toContain('<a href="/services">our services</a>');
    expect(renderMarkdown('<https://example.org>')).toContain('<a href="https://example.org">https://example.org</a>');
  });

  it('keeps a link title and the link text formatting', () => {
    expect(renderMarkdown('[**bold**](https://example.org "Title")')).toBe('<p><a href="https://example.org" title="Title"><strong>bold</strong></a></p>');
  });

  it('keeps same-site images but shows only the description of images from elsewhere', () => {
    expect(renderMarkdown('![A kai parcel](/api/content/blog/1/image?size=small)')).toBe(
      '<p><img src="/api/content/blog/1/image?size=small" alt="A kai parcel" loading="lazy" /></p>',
    );
    expect(renderMarkdown('![tracker](https://evil.example/pixel.png)')).toBe('<p>tracker</p>');
    expect(renderMarkdown('![x](javascript:alert(1))')).toBe('<p>x</p>');
  });
});

describe('isSafeLink', () => {
  it.each(['https://a.nz', 'http://a.nz', 'mailto:a@b.nz', '/blog', '#top'])('allows %s', (href) => {
    expect(isSafeLink(href)).toBe(true);
  });
  it.each(['', 'javascript:alert(1)', '//evil.example', 'data:text/html,x', 'tel:123', 'blog'])('refuses %s', (href) => {
    expect(isSafeLink(href)).toBe(false);
  });
});
