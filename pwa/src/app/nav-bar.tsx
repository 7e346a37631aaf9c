import { Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../components/icon';
import { Logo } from '../components/logo';
import { site } from '../content/site';
import { setLanguage } from '../i18n/i18n';
import { localeOf, namePartsOf } from '../i18n/languages';
import { SpecText } from '../i18n/spec-text';
import { lazyPart } from './lazy-route';
import { useLanguage, useT } from '../i18n/use-t';
import { paths } from '../lib/paths';
import { DonateLink } from '../shell-parts';
import type { SideMenuProps } from './side-menu';
import { useScrolledPast } from './use-scrolled-past';
import './nav-bar.css';

/**
 * The side menu (with the language switch and a kaimahi's new-enrolment badge) is its own chunk,
 * fetched when a person reaches for the Menu button (pointer over it, touch, focus) and shown on
 * the first press; the service worker precaches it, so it opens offline too (decision 060).
 */
const loadSideMenu = () => import('./side-menu');
const SideMenu = lazyPart<SideMenuProps>(() => loadSideMenu().then((module) => module.SideMenu));
const prefetchSideMenu = () => void loadSideMenu().catch(() => undefined);

/** The top bar: the trust's logo and name, a donate link, and the side-menu toggle. */
export function NavBar() {
  const t = useT();
  const language = useLanguage();
  const other = language === 'en' ? 'mi' : 'en';
  const location = useLocation();
  const sticky = useScrolledPast();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first press on, so closing keeps it (and its focus handling) in place.
  const [menuMounted, setMenuMounted] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  return (
    <header className="site-header">
      <div className={`nav-bar${sticky ? ' nav-bar--sticky' : ''}`} data-sticky={sticky}>
        <div className="container nav-bar__inner">
          <Link to={paths.home} className="nav-bar__brand">
            <Logo className="nav-bar__logo" />
            <span className="nav-bar__name">
              <span lang="mi">{site.shortName}</span>
              {/* The rest of the trust's registered name ("Trust"): a name, not translated. */}
              <span className="nav-bar__name-sub">{site.name.slice(site.shortName.length).trim()}</span>
            </span>
          </Link>
          <div className="nav-bar__actions">
            <DonateLink className="nav-bar__donate">
              <Icon name="heart" />
              <span>
                <SpecText id="menuDonate" />
              </span>
            </DonateLink>
            {/* A plain form as well, so a page the server rendered changes language with JavaScript
                off (GET /language, decision 096); the app does it in place. */}
            <form
              method="get"
              action="/language"
              className="nav-bar__language-form"
              onSubmit={(event) => {
                event.preventDefault();
                void setLanguage(other);
              }}
            >
              <input type="hidden" name="set" value={other} />
              <input type="hidden" name="to" value={location.pathname + location.search} />
              <button type="submit" className="nav-bar__language" lang={localeOf[other]}>
                {namePartsOf[other].prefix && <span className="nav-bar__language-prefix">{namePartsOf[other].prefix}</span>}
                {namePartsOf[other].short}
              </button>
            </form>
            <button
              ref={toggle}
              type="button"
              className="nav-bar__toggle"
              aria-expanded={menuOpen}
              aria-controls={menuMounted ? 'side-menu' : undefined}
              onPointerEnter={prefetchSideMenu}
              onPointerDown={prefetchSideMenu}
              onFocus={prefetchSideMenu}
              onClick={() => {
                setMenuMounted(true);
                setMenuOpen(true);
              }}
            >
              <Icon name="menu" />
              <span className="nav-bar__toggle-label">{t('shell.menu')}</span>
            </button>
          </div>
        </div>
      </div>
      {menuMounted && (
        <Suspense fallback={null}>
          <SideMenu
            open={menuOpen}
            onClose={() => {
              setMenuOpen(false);
              toggle.current?.focus();
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
