import { LinkButton } from '../button';
import { useT } from '../../i18n/use-t';
import { paths } from '../../lib/paths';

/** What a management page shows for an id that is not there: plainly so, and the way back. */
export function NotFoundPanel() {
  const t = useT();
  return (
    <div className="manage-card manage-notice" role="status">
      <h2 className="manage-card__title">{t('manage.notFound.title')}</h2>
      <p>{t('manage.notFound.text')}</p>
      <LinkButton to={paths.manage} variant="secondary">
        {t('manage.back')}
      </LinkButton>
    </div>
  );
}
