import '../i18n/pages';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { site } from '../content/site';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import { useT } from '../i18n/use-t';
import './pages.css';

/** Programmes the trust has run in the past. */
export default function FormerServicesRoute() {
  const t = useT();
  usePageTitle(t('former.title'));
  return (
    <>
      <PageHeader
        eyebrow={t('former.eyebrow')}
        title={t('former.title')}
        lead={t('former.lead')}
      />
      <div className="container page-body">
        <ol className="timeline">
          {site.formerServices.map((service) => (
            <li key={service.title} className="timeline__item">
              <p className="timeline__years">{service.years}</p>
              <h2 className="timeline__title">{service.title}</h2>
              <p>{service.summary}</p>
            </li>
          ))}
        </ol>
        <LinkButton to={paths.services} variant="secondary">
          {t('former.current')}
        </LinkButton>
      </div>
    </>
  );
}
