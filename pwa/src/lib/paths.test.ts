import { describe, expect, it } from 'vitest';
import { apiPaths, isProtectedPath, paths } from './paths';
import { staffPaths, staffRoutePatterns } from './staff-paths';

describe('paths', () => {
  it('builds the spec routes', () => {
    expect(paths.service('whanau_support')).toBe('/service/whanau_support');
    expect(staffPaths.manageBlog('a b')).toBe('/manage/blog/a%20b');
    expect(apiPaths.featureImage('x', 'large')).toBe('/api/content/feature/x/image?size=large');
  });

  it.each(['/clients', '/client/1', '/dashboard', '/manage', '/manage/blog/1', '/manage/users/2'])('%s is protected', (path) => {
    expect(isProtectedPath(path)).toBe(true);
  });

  it.each(Object.values(staffRoutePatterns).map((pattern) => pattern.replace(/:\w+/g, 'x1')))('staff route %s is protected', (path) => {
    expect(isProtectedPath(path)).toBe(true);
  });

  it.each(['/', '/clientsx', '/client', '/services', '/blog/1', '/login', '/managed', '/enrol/x', '/whanaux'])('%s is public', (path) => {
    expect(isProtectedPath(path)).toBe(false);
  });
});
