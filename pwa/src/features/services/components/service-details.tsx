import type { ServiceEntry, ServiceSection } from '@contract/services';
import { isEnrollable } from '@contract/services';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { MarkdownContent } from '../../../components/markdown-content';
import { paths } from '../../../lib/paths';
import { useT } from '../../../i18n/use-t';
import { UnavailableText } from './unavailable-text';
import './categories.css';
import './service-details.css';
import '../../../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

function Section({ section }: { section: ServiceSection }) {
  return (
    <section className="service-section">
      {section.title && <h3 className="service-section__title">{section.title}</h3>}
      {section.description &&
        (section.markUp ? <MarkdownContent markdown={section.description} /> : <p className="service-section__text">{section.description}</p>)}
      {section.bullets.length > 0 && (
        <ul className="service-section__bullets">
          {section.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A service page (spec §2): title, subtitle, action label, form label, icon, referral text
 * (Markdown), description title, description paragraphs, sections and extras.
 */
export function ServiceDetails({ service }: { service: ServiceEntry }) {
  const t = useT();
  const enrollable = isEnrollable(service.status);
  return (
    <article className="service-details" data-category={service.bg.toLowerCase()}>
      <header className="service-hero">
        <div className="container service-hero__inner">
          <div className="service-hero__icon" aria-hidden="true">
            <Icon name={service.icon} />
          </div>
          <div>
            <p className="service-hero__eyebrow">
              <Link to={paths.services} className="service-hero__crumb">
                {t('services.title')}
              </Link>{' '}
              / {service.bg}
            </p>
            <h1 className="service-hero__title">{service.title}</h1>
            <p className="service-hero__subtitle">{service.subtitle}</p>
          </div>
        </div>
      </header>

      <div className="container service-details__layout">
        {/* The enrol panel comes first, so a phone shows whether enrolments are open straight away. */}
        <section className="enrol-panel" aria-labelledby="enrol-panel-title">
          <h2 id="enrol-panel-title" className="enrol-panel__title">
            {service.formLabel}
          </h2>
          {enrollable ? (
            <>
              <p className="enrol-panel__status enrol-panel__status--open">{t('services.areOpen')}</p>
              <LinkButton to={service.enrol} size="lg" className="enrol-panel__button">
                {service.actionText}
                <Icon name="arrow-right" />
              </LinkButton>
            </>
          ) : (
            <p className="enrol-panel__status">
              <UnavailableText service={service} />
            </p>
          )}
          {service.extras.length > 0 && (
            <ul className="enrol-panel__extras" aria-label={t('services.atAGlance')}>
              {service.extras.map((extra) => (
                <li key={extra}>{extra}</li>
              ))}
            </ul>
          )}
        </section>

        <div className="service-details__main">
          <h2>{service.descriptionTitle}</h2>
          {service.description.map((paragraph) => (
            <p key={paragraph} className="service-details__paragraph">
              {paragraph}
            </p>
          ))}
          {service.Sections.map((section, index) => (
            <Section key={section.title ?? index} section={section} />
          ))}
        </div>

        <section className="referral-panel" aria-labelledby="referral-panel-title">
          <h2 id="referral-panel-title" className="referral-panel__title">
            {t('services.referrals')}
          </h2>
          <MarkdownContent markdown={service.referralText} />
        </section>
      </div>
    </article>
  );
}
