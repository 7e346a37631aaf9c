import '../i18n/pages';
import { Icon } from '../components/icon';
import { PageHeader } from '../components/page-header';
import { site } from '../content/site';
import { usePageTitle } from '../lib/use-page-title';
import { Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import './pages.css';

/** How to reach the trust. */
export default function ContactRoute() {
  const t = useT();
  usePageTitle(t('contact.title'));
  const { contact } = site;
  return (
    <>
      <PageHeader
        eyebrow={<Rich id="contact.greeting" />}
        title={t('contact.title')}
        lead={<Rich id="contact.lead" />}
      />
      <div className="container page-body">
        <ul className="contact-grid">
          <li>
            <section className="card contact-card" aria-labelledby="contact-phone">
              <span className="contact-card__icon" aria-hidden="true">
                <Icon name="phone" />
              </span>
              <h2 id="contact-phone" className="contact-card__title">
                {t('contact.phone')}
              </h2>
              <p className="contact-card__value">
                <a href={contact.phoneHref}>{contact.phone}</a>
              </p>
              <p>{contact.hours}</p>
            </section>
          </li>
          <li>
            <section className="card contact-card" aria-labelledby="contact-email">
              <span className="contact-card__icon" aria-hidden="true">
                <Icon name="mail" />
              </span>
              <h2 id="contact-email" className="contact-card__title">
                {t('contact.email')}
              </h2>
              <p className="contact-card__value">
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </p>
              <p>{t('contact.emailReply')}</p>
            </section>
          </li>
          <li>
            <section className="card contact-card" aria-labelledby="contact-visit">
              <span className="contact-card__icon" aria-hidden="true">
                <Icon name="pin" />
              </span>
              <h2 id="contact-visit" className="contact-card__title">
                {t('contact.visit')}
              </h2>
              <address className="contact-card__value">
                {contact.address.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
              <p>{t('contact.postal', { address: contact.postal })}</p>
            </section>
          </li>
          <li>
            <section className="card contact-card" aria-labelledby="contact-social">
              <span className="contact-card__icon" aria-hidden="true">
                <Icon name="share" />
              </span>
              <h2 id="contact-social" className="contact-card__title">
                {t('contact.follow')}
              </h2>
              <p className="contact-card__value">
                <a href={site.social.url} target="_blank" rel="noopener noreferrer">
                  {t('contact.on', { name: site.name, network: site.social.label })}
                  <span className="visually-hidden"> {t('shell.opensInNewTab')}</span>
                </a>
              </p>
              <p>
                <Rich id="contact.followNote" />
              </p>
            </section>
          </li>
        </ul>
        <div className="callout" role="note">
          <p>
            <strong>{t('contact.helpNow')}</strong> {t('contact.helpText')}
          </p>
        </div>
      </div>
    </>
  );
}
