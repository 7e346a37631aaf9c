import type { ReactNode } from 'react';
import { ComingSoon } from '../../../components/coming-soon';
import { Icon } from '../../../components/all-icons';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/use-t';
import { emptySite, useSite } from '../api/get-site';
import { linesOf, phoneHref, socialNetworkName } from '../site-text';
import './site.css';

function ContactCard({ id, icon, title, children }: { id: string; icon: string; title: string; children: ReactNode }) {
  return (
    <li>
      <section className="card contact-card" aria-labelledby={id}>
        <span className="contact-card__icon" aria-hidden="true">
          <Icon name={icon} />
        </span>
        <h2 id={id} className="contact-card__title">
          {title}
        </h2>
        {children}
      </section>
    </li>
  );
}

function Lines({ text }: { text: string }) {
  return linesOf(text).map((line) => (
    <span key={line} className="site-line">
      {line}
    </span>
  ));
}

/**
 * /contact: the trust's phone, email, address and social page as a manager set them
 * (`GET /api/site`); only what is set shows, and with nothing set a tidy "coming soon".
 */
export function ContactDetails() {
  const t = useT();
  const query = useSite();
  if (query.isPending) return <Spinner />;
  const site = query.data ?? emptySite;
  const cards: ReactNode[] = [];
  if (site.phone || site.hours) {
    cards.push(
      <ContactCard key="phone" id="contact-phone" icon={site.phone ? 'phone' : 'clock'} title={site.phone ? t('contact.phone') : t('site.hours')}>
        {site.phone ? (
          <p className="contact-card__value">
            <a href={phoneHref(site.phone)}>{site.phone}</a>
          </p>
        ) : null}
        {site.hours ? (
          <p>
            <Lines text={site.hours} />
          </p>
        ) : null}
      </ContactCard>,
    );
  }
  if (site.email) {
    cards.push(
      <ContactCard key="email" id="contact-email" icon="mail" title={t('contact.email')}>
        <p className="contact-card__value">
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </p>
        <p>{t('contact.emailReply')}</p>
      </ContactCard>,
    );
  }
  if (site.address || site.postalAddress) {
    cards.push(
      <ContactCard key="visit" id="contact-visit" icon="pin" title={site.address ? t('contact.visit') : t('site.postalTitle')}>
        {site.address ? (
          <address className="contact-card__value">
            <Lines text={site.address} />
          </address>
        ) : null}
        {site.postalAddress ? (
          site.address ? (
            <p>{t('contact.postal', { address: linesOf(site.postalAddress).join(', ') })}</p>
          ) : (
            <address className="contact-card__value">
              <Lines text={site.postalAddress} />
            </address>
          )
        ) : null}
      </ContactCard>,
    );
  }
  if (site.socialUrl) {
    const network = socialNetworkName(site.socialUrl);
    cards.push(
      <ContactCard key="social" id="contact-social" icon="share" title={t('contact.follow')}>
        <p className="contact-card__value">
          <a href={site.socialUrl} target="_blank" rel="noopener noreferrer">
            {site.name ? t('contact.on', { name: site.name, network }) : t('site.followOn', { network })}
            <span className="visually-hidden"> {t('shell.opensInNewTab')}</span>
          </a>
        </p>
      </ContactCard>,
    );
  }

  return (
    <>
      {query.isError && !query.data ? (
        <p className="lead-text" role="status">
          {t('site.loadFailed')}
        </p>
      ) : cards.length === 0 ? (
        <ComingSoon icon="phone" title={t('site.contactSoon')}>
          <p>{t('site.contactSoonText')}</p>
        </ComingSoon>
      ) : (
        <ul className="contact-grid">{cards}</ul>
      )}
      {site.privacyOfficer || site.charityNumber ? (
        <dl className="site-facts">
          {site.privacyOfficer ? (
            <div>
              <dt>{t('site.privacyOfficer')}</dt>
              <dd>{site.privacyOfficer}</dd>
            </div>
          ) : null}
          {site.charityNumber ? (
            <div>
              <dt>{t('site.charityNumber')}</dt>
              <dd>{site.charityNumber}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </>
  );
}
