import type { ServiceEntry, ServiceSection, ServiceSectionMi } from '@contract/services';
import { isEnrollable } from '@contract/services';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { MarkdownContent } from '../../../components/markdown-content';
import { paths } from '../../../lib/paths';
import { shownList, shownText } from '../../../i18n/content-text';
import type { Language } from '../../../i18n/languages';
import { useLanguage, useT } from '../../../i18n/use-t';
import { UnavailableText } from './unavailable-text';
import './categories.css';
import './service-details.css';
import '../../../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

function Section({ section, mi, language }: { section: ServiceSection; mi: ServiceSectionMi | undefined; language: Language }) {
  const title = section.title ? shownText(language, section.title, mi?.title) : undefined;
  const description = section.description ? shownText(language, section.description, mi?.description) : undefined;
  const bullets = shownList(language, section.bullets, mi?.bullets);
  return (
    <section className="service-section">
      {title && (
        <h3 className="service-section__title" lang={title.lang}>
          {title.text}
        </h3>
      )}
      {description &&
        (section.markUp ? (
          <div lang={description.lang}>
            <MarkdownContent markdown={description.text} />
          </div>
        ) : (
          <p className="service-section__text" lang={description.lang}>
            {description.text}
          </p>
        ))}
      {bullets.text.length > 0 && (
        <ul className="service-section__bullets" lang={bullets.lang}>
          {bullets.text.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A service page (spec §2): title, subtitle, action label, form label, icon, referral text
 * (Markdown), description title, description paragraphs, sections and extras, each in te reo
 * Māori on a Māori page where a manager has written it, else in English marked as such.
 */
export function ServiceDetails({ service }: { service: ServiceEntry }) {
  const t = useT();
  const language = useLanguage();
  const enrollable = isEnrollable(service.status);
  const mi = service.mi ?? {};
  const text = <Field extends 'title' | 'subtitle' | 'actionText' | 'formLabel' | 'descriptionTitle' | 'referralText'>(field: Field) =>
    shownText(language, service[field], mi[field]);
  const title = text('title');
  const subtitle = text('subtitle');
  const formLabel = text('formLabel');
  const actionText = text('actionText');
  const descriptionTitle = text('descriptionTitle');
  const referralText = text('referralText');
  const description = shownList(language, service.description, mi.description);
  const extras = shownList(language, service.extras, mi.extras);
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
            <h1 className="service-hero__title" lang={title.lang}>
              {title.text}
            </h1>
            <p className="service-hero__subtitle" lang={subtitle.lang}>
              {subtitle.text}
            </p>
          </div>
        </div>
      </header>

      <div className="container service-details__layout">
        {/* The enrol panel comes first, so a phone shows whether enrolments are open straight away. */}
        <section className="enrol-panel" aria-labelledby="enrol-panel-title">
          <h2 id="enrol-panel-title" className="enrol-panel__title" lang={formLabel.lang}>
            {formLabel.text}
          </h2>
          {enrollable ? (
            <>
              <p className="enrol-panel__status enrol-panel__status--open">{t('services.areOpen')}</p>
              <LinkButton to={service.enrol} size="lg" className="enrol-panel__button">
                <span lang={actionText.lang}>{actionText.text}</span>
                <Icon name="arrow-right" />
              </LinkButton>
            </>
          ) : (
            <p className="enrol-panel__status">
              <UnavailableText service={service} />
            </p>
          )}
          {extras.text.length > 0 && (
            <ul className="enrol-panel__extras" aria-label={t('services.atAGlance')} lang={extras.lang}>
              {extras.text.map((extra) => (
                <li key={extra}>{extra}</li>
              ))}
            </ul>
          )}
        </section>

        <div className="service-details__main">
          <h2 lang={descriptionTitle.lang}>{descriptionTitle.text}</h2>
          {description.text.map((paragraph) => (
            <p key={paragraph} className="service-details__paragraph" lang={description.lang}>
              {paragraph}
            </p>
          ))}
          {service.Sections.map((section, index) => (
            <Section key={section.title ?? index} section={section} mi={mi.Sections?.[index]} language={language} />
          ))}
        </div>

        <section className="referral-panel" aria-labelledby="referral-panel-title">
          <h2 id="referral-panel-title" className="referral-panel__title">
            {t('services.referrals')}
          </h2>
          <div lang={referralText.lang}>
            <MarkdownContent markdown={referralText.text} />
          </div>
        </section>
      </div>
    </article>
  );
}
