import { Icon } from '../components/icon';
import { PageHeader } from '../components/page-header';
import { site } from '../content/site';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** How to reach the trust. */
export default function ContactRoute() {
  usePageTitle('Contact us');
  const { contact } = site;
  return (
    <>
      <PageHeader
        eyebrow={<span lang="mi">Kia ora</span>}
        title="Contact us"
        lead="Ring, email or pop in. We are always happy to kōrero about how we can help your whānau."
      />
      <div className="container page-body">
        <ul className="contact-grid">
          <li>
            <section className="card contact-card" aria-labelledby="contact-phone">
              <span className="contact-card__icon" aria-hidden="true">
                <Icon name="phone" />
              </span>
              <h2 id="contact-phone" className="contact-card__title">
                Phone
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
                Email
              </h2>
              <p className="contact-card__value">
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </p>
              <p>We reply within two working days.</p>
            </section>
          </li>
          <li>
            <section className="card contact-card" aria-labelledby="contact-visit">
              <span className="contact-card__icon" aria-hidden="true">
                <Icon name="pin" />
              </span>
              <h2 id="contact-visit" className="contact-card__title">
                Visit us
              </h2>
              <address className="contact-card__value">
                {contact.address.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
              <p>Postal: {contact.postal}</p>
            </section>
          </li>
          <li>
            <section className="card contact-card" aria-labelledby="contact-social">
              <span className="contact-card__icon" aria-hidden="true">
                <Icon name="share" />
              </span>
              <h2 id="contact-social" className="contact-card__title">
                Follow us
              </h2>
              <p className="contact-card__value">
                <a href={site.social.url} target="_blank" rel="noopener noreferrer">
                  {site.name} on {site.social.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </p>
              <p>News, events and kai drop days.</p>
            </section>
          </li>
        </ul>
        <div className="callout" role="note">
          <p>
            <strong>Need help right now?</strong> If you or someone you know is in immediate danger, call 111. To talk
            to a trained counsellor, free call or text 1737 any time.
          </p>
        </div>
      </div>
    </>
  );
}
