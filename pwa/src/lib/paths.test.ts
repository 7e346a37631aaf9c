import { describe, expect, it } from 'vitest';
import { apiPaths, paths, routes } from './paths';
import { publicPagePattern } from './public-pages';
import { matcherOf } from './route-match';
import { hrefsOf } from './route-table';
import { everyRoute, isProtectedPath, staffPaths, staffRoutePatterns } from './staff-paths';

/** A path the pattern matches, e.g. `/whanau/x1/contact` for `/whanau/:id/contact`. */
const sample = (pattern: string) => pattern.replace(/:\w+/g, 'x1').replace(/\*$/, 'x1');

describe('paths', () => {
  it('builds the spec routes from their patterns', () => {
    expect(paths.home).toBe('/');
    expect(paths.formerServices).toBe('/former_services');
    expect(paths.service('whanau_support')).toBe('/service/whanau_support');
    expect(staffPaths.manageBlog('a b')).toBe('/manage/blog/a%20b');
    expect(staffPaths.whanauContact('a/b')).toBe('/whanau/a%2Fb/contact');
    expect(apiPaths.featureImage('x', 'large')).toBe('/api/content/feature/x/image?size=large');
  });

  it('links a route that leaves the rest of its path to its page by the path before it', () => {
    const links = hrefsOf({
      memberApp: { pattern: '/whanau-app/*', shell: true },
      memberLink: { pattern: '/whanau-app/link', shell: true, page: 'memberApp' },
    });
    expect(links.memberApp).toBe('/whanau-app');
    expect(links.memberLink).toBe('/whanau-app/link');
    const matcher = matcherOf(['/whanau-app/*']);
    expect(['/whanau-app', '/whanau-app/', '/whanau-app/link'].map((path) => matcher.test(path))).toEqual([true, true, true]);
    expect(matcher.test('/whanau-apps')).toBe(false);
  });

  it('names each route once, in one table or the other', () => {
    const patterns = Object.values(everyRoute).map((route) => route.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(Object.keys(everyRoute)).toHaveLength(Object.keys(routes).length + Object.keys(staffPaths).length);
  });

  it.each(['/clients', '/client/1', '/dashboard', '/manage', '/manage/', '/manage/blog/1', '/manage/users/2', '/whanau', '/whanau/new', '/reports'])(
    '%s is protected',
    (path) => {
      expect(isProtectedPath(path)).toBe(true);
    },
  );

  it.each(Object.values(staffRoutePatterns).map(sample))('staff route %s is protected', (path) => {
    expect(isProtectedPath(path)).toBe(true);
  });

  it.each(['/', '/clientsx', '/client', '/services', '/blog/1', '/login', '/managed', '/enrol/x', '/whanaux', '/whanau-app', '/no-such-page'])(
    '%s is not protected',
    (path) => {
      expect(isProtectedPath(path)).toBe(false);
    },
  );

  it.each(['/', '/team', '/services', '/service/x1', '/contact', '/about', '/enrol/x1', '/blog', '/blog/', '/blog/x1', '/former_services'])(
    '%s is a page the server renders',
    (path) => {
      expect(publicPagePattern.test(path)).toBe(true);
    },
  );

  it.each(['/login', '/clients', '/blog/x1/more', '/service', '/teams', '/whanau-app', '/assets/x.js'])('%s is not a page the server renders', (path) => {
    expect(publicPagePattern.test(path)).toBe(false);
  });
});
