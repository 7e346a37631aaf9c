import { micromark } from 'micromark';

/**
 * Turns blog and service Markdown into HTML that is safe to put in the page (DESIGN §7):
 * micromark's defaults escape raw HTML and blank unsafe link targets; on top of that only
 * http(s), mailto and same-site links stay links, and only same-site images stay images
 * (the CSP would block others anyway).
 */
export function renderMarkdown(markdown: string): string {
  const html = micromark(markdown, { allowDangerousHtml: false, allowDangerousProtocol: false });
  return html
    .replace(/<a href="([^"]*)"((?: title="[^"]*")?)>([\s\S]*?)<\/a>/g, (_link, href: string, title: string, text: string) =>
      isSafeLink(href) ? `<a href="${href}"${title}>${text}</a>` : text,
    )
    .replace(/<img src="([^"]*)" alt="([^"]*)"((?: title="[^"]*")?) \/>/g, (_image, src: string, alt: string, title: string) =>
      isSameSite(src) ? `<img src="${src}" alt="${alt}"${title} loading="lazy" />` : alt,
    );
}

function isSameSite(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** http(s) and mailto anywhere, or a path on this site. Attribute values arrive HTML-escaped. */
export function isSafeLink(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href) || isSameSite(href) || /^#[\w-]+$/.test(href);
}
