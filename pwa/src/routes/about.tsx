import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { site } from '../content/site';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** Who the trust is and what guides its mahi. */
export default function AboutRoute() {
  usePageTitle('About us');
  return (
    <>
      <PageHeader eyebrow="About us" title={site.name} lead={site.tagline} />
      <div className="container page-body">
        <div className="page-columns">
          <div className="prose">
            {site.about.map((paragraph, index) => (
              <p key={paragraph} className={index === 0 ? 'lead-text' : undefined}>
                {paragraph}
              </p>
            ))}
            <h2>What we set out to do</h2>
            <ul>
              {site.mission.map((aim) => (
                <li key={aim.verb}>
                  <strong>{aim.verb}:</strong> {aim.text}
                </li>
              ))}
            </ul>
          </div>
          <aside className="card" aria-labelledby="about-next">
            <h2 id="about-next" className="contact-card__title">
              Find out more
            </h2>
            <div className="aside-links">
              <LinkButton to={paths.services} variant="secondary">
                Our free services
              </LinkButton>
              <LinkButton to={paths.team} variant="outline">
                Meet our kaitiaki
              </LinkButton>
              <LinkButton to={paths.formerServices} variant="outline">
                Former services
              </LinkButton>
            </div>
          </aside>
        </div>

        <section className="section" aria-labelledby="values-title">
          <h2 id="values-title">Our values</h2>
          <ul className="values-grid">
            {site.values.map((value) => (
              <li key={value.reo}>
                <div className="card value-card">
                  <h3 className="value-card__reo" lang="mi">
                    {value.reo}
                  </h3>
                  <p>{value.english}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
