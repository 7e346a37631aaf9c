import { limits } from '@contract/limits';
import { spec, type SpecKey } from '../i18n/spec';
import type { AuthStatus } from '../lib/auth/auth-context';
import { routes } from '../lib/paths';
import { pathOf, type MenuEntry, type RouteDeclaration } from '../lib/route-table';

/** `label` is the trust's own wording (spec.ts); `text` names it, for the Māori line beside it. */
export type MenuItem = { label: string; text: SpecKey } & ({ kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'logout' });

type Entry = { text: SpecKey } & ({ kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'logout' });
const item = (entry: Entry): MenuItem => ({ ...entry, label: spec[entry.text] });

type Auth = { status: AuthStatus; access: number };

function sees(audience: MenuEntry['for'], { status, access }: Auth): boolean {
  switch (audience) {
    case 'everyone':
      return true;
    case 'known':
      return status !== 'loading';
    case 'signedOut':
      return status === 'anonymous';
    case 'signedIn':
      return status === 'authenticated';
    case 'managers':
      return status === 'authenticated' && access >= limits.managerAccess;
  }
}

/**
 * The side menu for a login state (spec §2 "Side menu"): the menu entries of the route table
 * (lib/paths.ts), in its order, that this person sees: the six public entries always; while auth
 * loads nothing more; logged out FORMER SERVICES and LOGIN; signed in FORMER SERVICES, CLIENTS,
 * DASHBOARD, MANAGE SITE from access 2, and LOGOUT. DONATE is always listed: the trust's giving
 * page once a manager has set it (`GET /api/site`), until then the contact page, so the entry
 * never leads to an invented page.
 */
export function menuItems(auth: Auth, donateUrl: string | null = null): MenuItem[] {
  const items = Object.values<RouteDeclaration>(routes).flatMap(({ pattern, menu = [] }) =>
    menu
      .filter((entry) => sees(entry.for, auth))
      .map(({ text, donate }) =>
        donate && donateUrl ? item({ text, kind: 'external', href: donateUrl }) : item({ text, kind: 'route', to: pathOf(pattern) }),
      ),
  );
  return auth.status === 'authenticated' ? [...items, item({ text: 'menuLogout', kind: 'logout' })] : items;
}
