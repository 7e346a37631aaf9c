import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../components/button';
import { SpecText } from '../i18n/spec-text';
import { useT } from '../i18n/use-t';
import { paths } from '../lib/paths';
import './error-page.css';

/** Spec §2: a render failure shows 'Something went wrong.' with a way back. */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <div className="error-page__card">
        <h1 id="error-title" className="error-page__title">
          <SpecText id="somethingWentWrong" />
        </h1>
        <p>
          {notFound ? t('error.notFound') : t('error.body')}
        </p>
        <div className="error-page__actions">
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('error.tryAgain')}
          </Button>
          {/* A full page load: the router itself may be what failed. */}
          <a className="button button--outline button--md" href={paths.home}>
            {t('error.home')}
          </a>
        </div>
      </div>
    </section>
  );
}
