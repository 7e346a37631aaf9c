import { limits } from '@contract/limits';
import { spec, type SpecKey } from '../i18n/spec';
import type { AuthStatus } from '../lib/auth/auth-context';
import { paths } from '../lib/paths';

/** `label` is the trust's own wording (spec.ts); `text` names it, for the Māori line beside it. */
export type MenuItem = { label: string; text: SpecKey } & ({ kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'logout' });

type Entry = { text: SpecKey } & ({ kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'logout' });
const item = (entry: Entry): MenuItem => ({ ...entry, label: spec[entry.text] });

/**
 * DONATE is always listed (spec §2): the trust's giving page once a manager has set it
 * (`GET /api/site`), until then the contact page, so the entry never leads to an invented page.
 */
const always = (donateUrl: string | null): MenuItem[] => [
  item({ text: 'menuHome', kind: 'route', to: paths.home }),
  item({ text: 'menuTeam', kind: 'route', to: paths.team }),
  item({ text: 'menuServices', kind: 'route', to: paths.services }),
  item({ text: 'menuContact', kind: 'route', to: paths.contact }),
  donateUrl ? item({ text: 'menuDonate', kind: 'external', href: donateUrl }) : item({ text: 'menuDonate', kind: 'route', to: paths.contact }),
  item({ text: 'menuBlog', kind: 'route', to: paths.blog }),
];

const formerServices = item({ text: 'menuFormerServices', kind: 'route', to: paths.formerServices });

/**
 * The side menu for a login state (spec §2 "Side menu"): the six public entries always; while
 * auth loads nothing more; logged out FORMER SERVICES and LOGIN; signed in FORMER SERVICES,
 * CLIENTS, DASHBOARD, MANAGE SITE from access 2, and LOGOUT.
 */
export function menuItems(auth: { status: AuthStatus; access: number }, donateUrl: string | null = null): MenuItem[] {
  switch (auth.status) {
    case 'loading':
      return always(donateUrl);
    case 'anonymous':
      return [...always(donateUrl), formerServices, item({ text: 'menuLogin', kind: 'route', to: paths.login })];
    case 'authenticated':
      return [
        ...always(donateUrl),
        formerServices,
        item({ text: 'menuClients', kind: 'route', to: paths.clients }),
        item({ text: 'menuDashboard', kind: 'route', to: paths.dashboard }),
        ...(auth.access >= limits.managerAccess ? [item({ text: 'menuManage', kind: 'route', to: paths.manage })] : []),
        item({ text: 'menuLogout', kind: 'logout' }),
      ];
  }
}
