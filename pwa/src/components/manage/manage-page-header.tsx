import { useEffect, useRef, type ComponentProps } from 'react';
import { PageHeader } from '../page-header';

/**
 * The page header of a management page. When the page was reached by navigating inside the app,
 * focus moves to its heading, so screen reader and keyboard users start at the new page rather
 * than on the link they left behind.
 */
export function ManagePageHeader(props: ComponentProps<typeof PageHeader>) {
  const wrapperRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // React Router numbers history entries; 0 is the page the browser opened first.
    const historyIndex: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof historyIndex !== 'number' || historyIndex === 0) return;
    const heading = wrapperRef.current?.querySelector('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={wrapperRef}>
      <PageHeader {...props} />
    </div>
  );
}
