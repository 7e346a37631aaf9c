import { limits } from '@contract/limits';
import { site } from '../content/site';
import type { AuthStatus } from '../features/auth/auth-context';
import { paths } from '../lib/paths';

export type MenuItem =
  | { label: string; kind: 'route'; to: string }
  | { label: string; kind: 'external'; href: string }
  | { label: string; kind: 'logout' };

const always: MenuItem[] = [
  { label: 'HOME', kind: 'route', to: paths.home },
  { label: 'KAITIAKI', kind: 'route', to: paths.team },
  { label: 'SERVICES', kind: 'route', to: paths.services },
  { label: 'CONTACT US', kind: 'route', to: paths.contact },
  { label: 'DONATE', kind: 'external', href: site.donateUrl },
  { label: 'BLOG', kind: 'route', to: paths.blog },
];

const formerServices: MenuItem = { label: 'FORMER SERVICES', kind: 'route', to: paths.formerServices };

/**
 * The side menu for a login state (spec §2 "Side menu"): the six public entries always; while
 * auth loads nothing more; logged out FORMER SERVICES and LOGIN; signed in FORMER SERVICES,
 * CLIENTS, DASHBOARD, MANAGE SITE from access 2, and LOGOUT.
 */
export function menuItems(auth: { status: AuthStatus; access: number }): MenuItem[] {
  switch (auth.status) {
    case 'loading':
      return always;
    case 'anonymous':
      return [...always, formerServices, { label: 'LOGIN', kind: 'route', to: paths.login }];
    case 'authenticated':
      return [
        ...always,
        formerServices,
        { label: 'CLIENTS', kind: 'route', to: paths.clients },
        { label: 'DASHBOARD', kind: 'route', to: paths.dashboard },
        ...(auth.access >= limits.managerAccess ? [{ label: 'MANAGE SITE', kind: 'route', to: paths.manage } satisfies MenuItem] : []),
        { label: 'LOGOUT', kind: 'logout' },
      ];
  }
}
