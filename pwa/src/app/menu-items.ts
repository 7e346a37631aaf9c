import { limits } from '@contract/limits';
import { spec, type SpecKey } from '../i18n/spec';
import type { AuthStatus } from '../lib/auth/auth-context';
import { routes } from '../lib/paths';
import { pathOf, type RouteDeclaration } from '../lib/route-table';

/** `label` is the trust's own wording (spec.ts); `text` names it, for the Māori line beside it. */
export type MenuItem = { label: string; text: SpecKey } & ({ kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'logout' });

type Entry = { text: SpecKey } & ({ kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'logout' });
const item = (entry: Entry): MenuItem => ({ ...entry, label: spec[entry.text] });

type Auth = { status: AuthStatus; access: number };

function sees(audience: RouteDeclaration['menu'], { status, access }: Auth): boolean {
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
    default:
      return false;
  }
}

type MenuRoute = { [K in keyof typeof routes]: (typeof routes)[K] extends { menu: string } ? K : never }[keyof typeof routes];

/** A route's entry is labelled `menu<Name>` in spec.ts: the compiler checks each is there. */
const labelOf = (name: MenuRoute): SpecKey => `menu${name.charAt(0).toUpperCase()}${name.slice(1)}` as `menu${Capitalize<MenuRoute>}`;

/**
 * The side menu for a login state (spec §2 "Side menu"): the routes of the table (lib/paths.ts)
 * with a menu entry this person sees, in its order: the six public entries always; while auth
 * loads nothing more; logged out FORMER SERVICES and LOGIN; signed in FORMER SERVICES, CLIENTS,
 * DASHBOARD, MANAGE SITE from access 2, and LOGOUT. DONATE follows CONTACT US: the trust's giving
 * page once a manager has set it (`GET /api/site`), until then the contact page, so the entry
 * never leads to an invented page.
 */
export function menuItems(auth: Auth, donateUrl: string | null = null): MenuItem[] {
  const items = Object.entries<RouteDeclaration>(routes).flatMap(([name, { pattern, menu }]) => {
    if (!sees(menu, auth)) return [];
    const entry = item({ text: labelOf(name as MenuRoute), kind: 'route', to: pathOf(pattern) });
    if (name !== 'contact') return [entry];
    return [
      entry,
      donateUrl ? item({ text: 'menuDonate', kind: 'external', href: donateUrl }) : item({ text: 'menuDonate', kind: 'route', to: pathOf(pattern) }),
    ];
  });
  return auth.status === 'authenticated' ? [...items, item({ text: 'menuLogout', kind: 'logout' })] : items;
}
