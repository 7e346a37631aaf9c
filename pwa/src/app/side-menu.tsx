import { Fragment, lazy, Suspense, useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { Icon } from '../components/all-icons';
import { Logo } from '../components/logo';
import { site } from '../content/site';
import { useAuth } from '../lib/auth/auth-context';
import { formatNumber } from '../i18n/i18n';
import { SpecText } from '../i18n/spec-text';
import { useT } from '../i18n/use-t';
import { LanguageSwitch } from './language-switch';
import { useSiteDetails } from '../shell-parts';
import { loadFollowUpsMenuLink, useNewEnrolmentCount } from '../shell-parts-signed-in';
import { menuItems } from './menu-items';
import './side-menu.css';
import '../i18n/parts'; // this part's English (en-parts.ts), registered before it renders

const FollowUpsMenuLink = lazy(loadFollowUpsMenuLink);

export type SideMenuProps = { open: boolean; onClose: () => void };

/**
 * The side menu (spec §2), a modal <dialog> sliding in from the right: the browser keeps focus
 * inside it, Escape closes it, and the page behind is inert while it is open.
 */
export function SideMenu({ open, onClose }: SideMenuProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();
  const auth = useAuth();
  const items = menuItems(auth, useSiteDetails().donateUrl);
  // New enrolments waiting for the signed-in kaimahi's services: a badge beside CLIENTS.
  const newEnrolments = useNewEnrolmentCount(auth.status === 'authenticated');
  const { refetch: refetchCount } = newEnrolments;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      if (auth.status === 'authenticated') void refetchCount();
    }
    if (!open && element.open) element.close();
  }, [open, auth.status, refetchCount]);

  async function logOut() {
    onClose();
    await auth.logOut();
  }

  return (
    <dialog
      ref={dialog}
      id="side-menu"
      className="side-menu"
      aria-label={t('shell.menu')}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself, outside the panel.
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="side-menu__panel">
        <div className="side-menu__top">
          <span className="side-menu__brand">
            <Logo className="side-menu__logo" />
            <span lang="mi">{site.shortName}</span>
          </span>
          <button type="button" className="side-menu__close" onClick={onClose} autoFocus>
            <Icon name="close" />
            <span className="visually-hidden">{t('shell.closeMenu')}</span>
          </button>
        </div>
        <nav aria-label={t('shell.mainMenu')} className="side-menu__nav">
          <ul className="side-menu__list">
            {items.map((item) => (
              <Fragment key={item.label}>
                {item.kind === 'logout' && (
                  // "My follow-ups" (not one of the spec's entries): last before LOGOUT, signed in only.
                  <li>
                    <Suspense fallback={null}>
                      <FollowUpsMenuLink userId={auth.user?._id ?? null} open={open} onNavigate={onClose} />
                    </Suspense>
                  </li>
                )}
                <li>
                  {item.kind === 'route' && (
                    <NavLink to={item.to} end className="side-menu__link" onClick={onClose}>
                      <span>
                        <SpecText id={item.text} />
                      </span>
                      {item.text === 'menuClients' && newEnrolments.data !== undefined && newEnrolments.data > 0 && (
                        <span className="side-menu__badge" data-testid="new-enrolments-badge">
                          <span aria-hidden="true">{formatNumber(newEnrolments.data)}</span>
                          <span className="visually-hidden">
                            {t('clients.menuBadge', { count: newEnrolments.data, shown: formatNumber(newEnrolments.data) })}
                          </span>
                        </span>
                      )}
                    </NavLink>
                  )}
                  {item.kind === 'external' && (
                    <a className="side-menu__link" href={item.href} target="_blank" rel="noopener noreferrer" onClick={onClose}>
                      <span>
                        <SpecText id={item.text} />
                      </span>
                      <Icon name="external" className="side-menu__external" />
                      <span className="visually-hidden"> {t('shell.opensInNewTab')}</span>
                    </a>
                  )}
                  {item.kind === 'logout' && (
                    <button type="button" className="side-menu__link side-menu__link--button" onClick={() => void logOut()}>
                      <span>
                        <SpecText id={item.text} />
                      </span>
                    </button>
                  )}
                </li>
              </Fragment>
            ))}
          </ul>
        </nav>
        <LanguageSwitch className="side-menu__language" />
        {auth.status === 'authenticated' && auth.user && <p className="side-menu__user">{t('shell.signedInAs', { name: auth.user.name })}</p>}
      </div>
    </dialog>
  );
}
