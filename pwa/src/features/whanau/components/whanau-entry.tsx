import { LinkButton } from '../../../components/button';
import { Rich } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import './whanau.css';

/** The way from client work to the whānau (the clients route shows it). */
export function WhanauEntry() {
  const t = useT();
  return (
    <section className="whanau-card whanau-entry" aria-labelledby="whanau-entry-heading">
      <h2 id="whanau-entry-heading">
        <Rich id="whanau.list.title" />
      </h2>
      <p className="whanau-muted">{t('whanau.list.lead')}</p>
      <LinkButton to={staffPaths.whanauList} variant="outline">
        {t('whanau.entry.open')}
      </LinkButton>
    </section>
  );
}
