import { Link } from 'react-router-dom';
import { Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import { Icon } from '../components/all-icons';
import { Logo } from '../components/logo';
import { aboutTrust } from '../content/about-trust';
import { site } from '../content/site';
import { DonateLink, linesOf, phoneHref, socialNetworkName, useSiteDetails } from '../shell-parts';
import { paths } from '../lib/paths';
import './footer.css';
import '../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

/**
 * Spec §2: the footer carries a donation link and a link to the trust's social page. The trust's
 * details come from `GET /api/site`; only what a manager has set shows.
 */
export function Footer() {
  const t = useT();
  const details = useSiteDetails();
  const name = details.name ?? site.name;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-trust">
          <p id="footer-trust" className="site-footer__brand">
            <Logo className="site-footer__logo" />
            <span>{name}</span>
          </p>
          <p>{aboutTrust.tagline}.</p>
          <div className="site-footer__cta">
            <DonateLink className="button button--primary button--md">
              <Icon name="heart" />
              {t('footer.donate')}
            </DonateLink>
          </div>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t('footer.getInTouch')}
          </h2>
          <ul className="site-footer__list">
            {details.phone ? (
              <li>
                <Icon name="phone" />
                <a href={phoneHref(details.phone)}>{details.phone}</a>
              </li>
            ) : null}
            {details.email ? (
              <li>
                <Icon name="mail" />
                <a href={`mailto:${details.email}`}>{details.email}</a>
              </li>
            ) : null}
            {details.address ? (
              <li>
                <Icon name="pin" />
                <span>{linesOf(details.address).join(', ')}</span>
              </li>
            ) : null}
            {details.phone || details.email || details.address ? null : (
              <li>
                <Icon name="clock" />
                <Link to={paths.contact}>{t('footer.contactSoon')}</Link>
              </li>
            )}
          </ul>
        </section>

        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            {t('footer.explore')}
          </h2>
          <ul className="site-footer__list site-footer__list--links">
            <li>
              <Link to={paths.services}>{t('footer.services')}</Link>
            </li>
            <li>
              <Link to={paths.about}>{t('footer.about')}</Link>
            </li>
            <li>
              <Link to={paths.team}>
                <Rich id="footer.team" />
              </Link>
            </li>
            <li>
              <Link to={paths.blog}>{t('footer.blog')}</Link>
            </li>
            {details.socialUrl ? (
              <li>
                <a href={details.socialUrl} target="_blank" rel="noopener noreferrer">
                  {t('footer.follow', { network: socialNetworkName(details.socialUrl) })}
                  <span className="visually-hidden"> {t('shell.opensInNewTab')}</span>
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      </div>
      <div className="site-footer__base">
        <div className="container site-footer__base-inner">
          <p>
            {details.charityNumber
              ? t('footer.copyright', { year: new Date().getFullYear(), name, number: details.charityNumber })
              : `© ${new Date().getFullYear()} ${name}`}
          </p>
          <p>
            <Rich id="footer.whakatauki" />
          </p>
        </div>
      </div>
    </footer>
  );
}
