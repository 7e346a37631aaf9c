import '../i18n/pages';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { aboutTrust } from '../content/about-trust';
import { site } from '../content/site';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import { Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import './pages.css';

/** Who the trust is and what guides its mahi. */
export default function AboutRoute() {
  const t = useT();
  usePageTitle(t('about.title'));
  return (
    <>
      <PageHeader eyebrow={t('about.title')} title={site.name} lead={aboutTrust.tagline} />
      <div className="container page-body">
        <div className="page-columns">
          <div className="prose">
            {aboutTrust.about.map((paragraph, index) => (
              <p key={paragraph} className={index === 0 ? 'lead-text' : undefined}>
                {paragraph}
              </p>
            ))}
            <h2>{t('about.aims')}</h2>
            <ul>
              {aboutTrust.mission.map((aim) => (
                <li key={aim.verb}>
                  <strong>{aim.verb}:</strong> {aim.text}
                </li>
              ))}
            </ul>
          </div>
          <aside className="card" aria-labelledby="about-next">
            <h2 id="about-next" className="contact-card__title">
              {t('about.more')}
            </h2>
            <div className="aside-links">
              <LinkButton to={paths.services} variant="secondary">
                {t('about.services')}
              </LinkButton>
              <LinkButton to={paths.team} variant="outline">
                <Rich id="about.team" />
              </LinkButton>
              <LinkButton to={paths.formerServices} variant="outline">
                {t('about.former')}
              </LinkButton>
            </div>
          </aside>
        </div>

        <section className="section" aria-labelledby="values-title">
          <h2 id="values-title">{t('about.values')}</h2>
          <ul className="values-grid">
            {aboutTrust.values.map((value) => (
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
