import { Link } from 'react-router-dom';
import { Rich } from '../i18n/rich-text';
import { useT } from '../i18n/use-t';
import { Icon } from '../components/icon';
import { Logo } from '../components/logo';
import { site } from '../content/site';
import { paths } from '../lib/paths';
import './footer.css';

/** Spec §2: the footer carries a donation link and a link to the trust's social page. */
export function Footer() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-trust">
          <p id="footer-trust" className="site-footer__brand">
            <Logo className="site-footer__logo" />
            <span>{site.name}</span>
          </p>
          <p>{site.tagline}.</p>
          <div className="site-footer__cta">
            <a className="button button--primary button--md" href={site.donateUrl} target="_blank" rel="noopener noreferrer">
              <Icon name="heart" />
              {t('footer.donate')}
              <span className="visually-hidden"> {t('shell.opensInNewTab')}</span>
            </a>
          </div>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t('footer.getInTouch')}
          </h2>
          <ul className="site-footer__list">
            <li>
              <Icon name="phone" />
              <a href={site.contact.phoneHref}>{site.contact.phone}</a>
            </li>
            <li>
              <Icon name="mail" />
              <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
            </li>
            <li>
              <Icon name="pin" />
              <span>{site.contact.address.join(', ')}</span>
            </li>
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
            <li>
              <a href={site.social.url} target="_blank" rel="noopener noreferrer">
                {t('footer.follow', { network: site.social.label })}
                <span className="visually-hidden"> {t('shell.opensInNewTab')}</span>
              </a>
            </li>
          </ul>
        </section>
      </div>
      <div className="site-footer__base">
        <div className="container site-footer__base-inner">
          <p>
            {t('footer.copyright', { year: new Date().getFullYear(), name: site.name, number: site.charityNumber })}
          </p>
          <p>
            <Rich id="footer.whakatauki" />
          </p>
        </div>
      </div>
    </footer>
  );
}
