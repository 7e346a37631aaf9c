import { useT } from '../../i18n/use-t';

/** A short reminder of the Markdown the site understands. */
export function MarkdownHint() {
  const t = useT();
  return <>{t('manage.markdownHint')}</>;
}
