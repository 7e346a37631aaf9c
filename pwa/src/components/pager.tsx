import type { MessageKey } from '../i18n/i18n';
import { formatNumber } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { Button } from './button';
import './pager.css';

/** The words of a pager, from the catalogue of the screens that use it; `where` has `{page}` and `{pages}`. */
export type PagerWords = { readonly previous: MessageKey; readonly next: MessageKey; readonly where: MessageKey };

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the pages are of, for the navigation's name. */
  label: string;
  words: PagerWords;
};

/** The number of pages a list of `total` items takes, never fewer than one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Previous and next for a paged list, with where we are; hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onPage, label, words }: PagerProps) {
  const t = useT();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t(words.previous)}
      </Button>
      <span className="pager__where" aria-live="polite">
        {t(words.where, { page: formatNumber(page), pages: formatNumber(pages) })}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t(words.next)}
      </Button>
    </nav>
  );
}
