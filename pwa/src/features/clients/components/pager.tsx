import { useT } from '../../../i18n/use-t';
import { formatNumber } from '../../../i18n/i18n';
import { Button } from '../../../components/button';

type PagerProps = { page: number; pageSize: number; total: number; onPage: (page: number) => void; label: string };

/** Previous and next for a paged list, with where we are; hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onPage, label }: PagerProps) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('clients.previous')}
      </Button>
      <span className="pager__where" aria-live="polite">
        {t('clients.pageOf', { page: formatNumber(page), pages: formatNumber(pages) })}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('clients.next')}
      </Button>
    </nav>
  );
}
