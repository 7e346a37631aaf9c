import '../i18n/pages';
import { LinkButton } from '../components/button';
import { markNotFound, usePageTitle } from '../lib/use-page-title';
import { paths } from '../lib/paths';
import { Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import './pages.css';

/** Any address the app does not know. */
export default function NotFoundRoute() {
  const t = useT();
  usePageTitle(t('notFound.title'));
  markNotFound(true);
  return (
    <div className="container page-body">
      <section className="not-found" aria-labelledby="not-found-title">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">{t('notFound.title')}</h1>
        <p className="lead-text">
          <Rich id="notFound.text" />
        </p>
        <ul className="quick-links">
          <li>
            <LinkButton to={paths.home} variant="secondary">
              {t('notFound.home')}
            </LinkButton>
          </li>
          <li>
            <LinkButton to={paths.services} variant="outline">
              {t('notFound.services')}
            </LinkButton>
          </li>
          <li>
            <LinkButton to={paths.contact} variant="outline">
              {t('notFound.contact')}
            </LinkButton>
          </li>
        </ul>
      </section>
    </div>
  );
}
