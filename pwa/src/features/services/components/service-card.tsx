import type { ServiceEntry } from '@contract/services';
import { isEnrollable } from '@contract/services';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../components/button';
import { Icon } from '../../../components/all-icons';
import { shownText } from '../../../i18n/content-text';
import { SpecText } from '../../../i18n/spec-text';
import { useLanguage, useT } from '../../../i18n/use-t';
import { UnavailableText } from './unavailable-text';
import './categories.css';
import './service-card.css';
import '../../../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

type ServiceCardProps = {
  service: Pick<ServiceEntry, 'key' | 'bg' | 'title' | 'subtitle' | 'icon' | 'url' | 'enrol' | 'formLabel' | 'status' | 'statusText' | 'mi'>;
  headingLevel?: 'h2' | 'h3';
};

/**
 * One service (spec §2 "Service card"): title, an icon link to its enrol page, READ MORE to its
 * page, and ENROL NOW on small screens. A service that is not taking enrolments shows its
 * status text (or 'Temporarily unavailable') instead of any enrol link. On a Māori page its
 * words are the Māori ones a manager wrote (decision 093), else the English marked as English.
 */
export function ServiceCard({ service, headingLevel: Heading = 'h3' }: ServiceCardProps) {
  const t = useT();
  const language = useLanguage();
  const enrollable = isEnrollable(service.status);
  const title = shownText(language, service.title, service.mi?.title);
  const subtitle = shownText(language, service.subtitle, service.mi?.subtitle);
  const formLabel = service.formLabel ? shownText(language, service.formLabel, service.mi?.formLabel) : undefined;
  return (
    <article className="service-card" data-category={service.bg.toLowerCase()}>
      <div className="service-card__top">
        {enrollable ? (
          <Link to={service.enrol} className="service-card__icon service-card__icon--link">
            <Icon name={service.icon} />
            {formLabel ? (
              <span className="visually-hidden" lang={formLabel.lang}>
                {formLabel.text}
              </span>
            ) : (
              <span className="visually-hidden">{t('services.enrolIn', { title: title.text })}</span>
            )}
          </Link>
        ) : (
          <span className="service-card__icon">
            <Icon name={service.icon} />
          </span>
        )}
        <span className="service-card__category">{service.bg}</span>
      </div>
      <Heading className="service-card__title" lang={title.lang}>
        {title.text}
      </Heading>
      <p className="service-card__subtitle" lang={subtitle.lang}>
        {subtitle.text}
      </p>
      {enrollable ? (
        <p className="service-card__status service-card__status--open">
          <span className="service-card__dot" aria-hidden="true" />
          {t('services.open')}
        </p>
      ) : (
        <p className="service-card__status">
          <UnavailableText service={service} />
        </p>
      )}
      <div className="service-card__actions">
        <LinkButton to={service.url} variant="outline" size="sm">
          <SpecText id="readMore" />
          <span className="visually-hidden"> {t('services.aboutSuffix', { title: title.text })}</span>
        </LinkButton>
        {enrollable && (
          <LinkButton to={service.enrol} size="sm" className="service-card__enrol">
            <SpecText id="enrolNow" />
            <span className="visually-hidden"> {t('services.inSuffix', { title: title.text })}</span>
          </LinkButton>
        )}
      </div>
    </article>
  );
}
