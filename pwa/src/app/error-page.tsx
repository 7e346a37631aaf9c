import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../components/button';
import { paths } from '../lib/paths';
import './error-page.css';

/** Spec §2: a render failure shows 'Something went wrong.' with a way back. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <div className="error-page__card">
        <h1 id="error-title" className="error-page__title">
          Something went wrong.
        </h1>
        <p>
          {notFound
            ? 'We could not find that page.'
            : 'Sorry, this page could not be shown. Check your connection and try again — if it keeps happening, let us know.'}
        </p>
        <div className="error-page__actions">
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Try again
          </Button>
          {/* A full page load: the router itself may be what failed. */}
          <a className="button button--outline button--md" href={paths.home}>
            Go to the home page
          </a>
        </div>
      </div>
    </section>
  );
}
