import { LinkButton } from '../components/button';
import { usePageTitle } from '../lib/use-page-title';
import { paths } from '../lib/paths';
import './pages.css';

/** Any address the app does not know. */
export default function NotFoundRoute() {
  usePageTitle('Page not found');
  return (
    <div className="container page-body">
      <section className="not-found" aria-labelledby="not-found-title">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">Page not found</h1>
        <p className="lead-text">
          <span lang="mi">Aroha mai</span> — sorry, we could not find that page. It may have moved, or the link may be
          mistyped.
        </p>
        <ul className="quick-links">
          <li>
            <LinkButton to={paths.home} variant="secondary">
              Home page
            </LinkButton>
          </li>
          <li>
            <LinkButton to={paths.services} variant="outline">
              Our services
            </LinkButton>
          </li>
          <li>
            <LinkButton to={paths.contact} variant="outline">
              Contact us
            </LinkButton>
          </li>
        </ul>
      </section>
    </div>
  );
}
