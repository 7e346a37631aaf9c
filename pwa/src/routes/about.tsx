import '../i18n/pages';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { aboutTrust } from '../content/about-trust';
import { site } from '../content/site';
import { useAboutPage } from '../features/site/api/get-about';
import { shownList, shownText } from '../i18n/content-text';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import { Rich } from '../i18n/rich-text';
import { useLanguage, useT } from '../i18n/use-t';
import './pages.css';

/**
 * Who the trust is and what guides its mahi. Its words are content managers edit in both
 * languages (decision 093); on a Māori page the parts not yet in te reo show in English, marked so.
 */
export default function AboutRoute() {
  const t = useT();
  const language = useLanguage();
  const about = useAboutPage();
  usePageTitle(t('about.title'));
  if (!about.data) return about.isError ? <AboutFailed /> : <Spinner />;
  const { en, mi } = about.data;
  const lead = shownText(language, en.lead, mi.lead);
  const paragraphs = shownList(language, en.paragraphs, mi.paragraphs);
  // The aims are the app's own words, shared with the home page: English on a Māori page too.
  const aimsLang = language === 'mi' ? 'en-NZ' : undefined;
  return (
    <>
      <PageHeader eyebrow={t('about.title')} title={site.name} lead={<span lang={lead.lang}>{lead.text}</span>} />
      <div className="container page-body">
        <div className="page-columns">
          <div className="prose">
            {paragraphs.text.map((paragraph, index) => (
              <p key={paragraph} className={index === 0 ? 'lead-text' : undefined} lang={paragraphs.lang}>
                {paragraph}
              </p>
            ))}
            <h2>{t('about.aims')}</h2>
            <ul lang={aimsLang}>
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
            {en.values.map((value, index) => {
              const meaning = shownText(language, value.text, mi.values?.[index]?.text);
              return (
                <li key={value.name}>
                  <div className="card value-card">
                    <h3 className="value-card__reo" lang="mi">
                      {value.name}
                    </h3>
                    <p lang={meaning.lang}>{meaning.text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </>
  );
}

function AboutFailed() {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t('about.title')} title={site.name} />
      <p className="container page-body lead-text">{t('about.loadFailed')}</p>
    </>
  );
}
