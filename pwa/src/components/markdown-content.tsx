import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { renderMarkdown } from '../lib/markdown';

/**
 * Markdown from the trust (service texts, blog posts) rendered safely (see lib/markdown).
 * Links to pages of this site navigate inside the app instead of reloading it.
 */
export function MarkdownContent({ markdown, className }: { markdown: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  const navigate = useNavigate();

  function followInternalLink(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    const href = link?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  }

  return (
    // The click handler only re-routes clicks on real links inside; keyboard users activate
    // those links themselves, which also arrives here as a click.
    <div className={className ? `prose ${className}` : 'prose'} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
