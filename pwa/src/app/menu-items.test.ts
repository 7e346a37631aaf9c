import { limits } from '@contract/limits';
import { describe, expect, it } from 'vitest';
import { routes } from '../lib/paths';
import type { RouteDeclaration } from '../lib/route-table';
import { menuItems } from './menu-items';

const labels = (auth: Parameters<typeof menuItems>[0]) => menuItems(auth).map((item) => item.label);
const always = ['HOME', 'KAITIAKI', 'SERVICES', 'CONTACT US', 'DONATE', 'BLOG'];

describe('menuItems (spec §2 "Side menu")', () => {
  it('shows only the six public entries while auth is loading', () => {
    expect(labels({ status: 'loading', access: 0 })).toEqual(always);
  });

  it('adds FORMER SERVICES and LOGIN when logged out', () => {
    expect(labels({ status: 'anonymous', access: 0 })).toEqual([...always, 'FORMER SERVICES', 'LOGIN']);
  });

  it('adds FORMER SERVICES, CLIENTS, DASHBOARD and LOGOUT below access 2', () => {
    expect(labels({ status: 'authenticated', access: 1 })).toEqual([...always, 'FORMER SERVICES', 'CLIENTS', 'DASHBOARD', 'LOGOUT']);
  });

  it.each([2, 3])('adds MANAGE SITE at access %i', (access) => {
    expect(labels({ status: 'authenticated', access })).toEqual([...always, 'FORMER SERVICES', 'CLIENTS', 'DASHBOARD', 'MANAGE SITE', 'LOGOUT']);
  });

  it('links each entry to its route, DONATE to the external giving page', () => {
    const items = menuItems({ status: 'authenticated', access: 2 }, 'https://give.example.nz/our-trust');
    const target = (label: string) => {
      const item = items.find((entry) => entry.label === label);
      if (!item) return undefined;
      return item.kind === 'route' ? item.to : item.kind === 'external' ? item.href : 'logout';
    };
    expect(target('HOME')).toBe('/');
    expect(target('KAITIAKI')).toBe('/team');
    expect(target('SERVICES')).toBe('/services');
    expect(target('CONTACT US')).toBe('/contact');
    expect(target('DONATE')).toBe('https://give.example.nz/our-trust');
    expect(target('BLOG')).toBe('/blog');
    expect(target('FORMER SERVICES')).toBe('/former_services');
    expect(target('CLIENTS')).toBe('/clients');
    expect(target('DASHBOARD')).toBe('/dashboard');
    expect(target('MANAGE SITE')).toBe('/manage');
    expect(target('LOGOUT')).toBe('logout');
    expect(menuItems({ status: 'anonymous', access: 0 }).find((item) => item.label === 'LOGIN')).toMatchObject({ to: '/login' });
  });

  it('still lists DONATE before the trust has set its giving page, leading to the contact page', () => {
    const donate = menuItems({ status: 'anonymous', access: 0 }, null).find((item) => item.label === 'DONATE');
    expect(donate).toMatchObject({ kind: 'route', to: '/contact' });
  });
});

describe('the menu and the route table', () => {
  it('points every entry at a route of the table, none needing a segment filled', () => {
    const patterns = Object.values<RouteDeclaration>(routes).map((route) => route.pattern);
    const entries = menuItems({ status: 'authenticated', access: limits.managerAccess }).concat(menuItems({ status: 'anonymous', access: 0 }));
    const targets = entries.flatMap((entry) => (entry.kind === 'route' ? [entry.to] : []));
    expect(targets.length).toBeGreaterThan(0);
    for (const to of targets) expect(patterns).toContain(to);
  });
});
