/**
 * The query keys of the trust's own details and pages. Team and former services sit under
 * ['content'] beside the blog and the carousel, like their API paths.
 */
export const siteKeys = {
  settings: () => ['site'] as const,
  team: () => ['content', 'team'] as const,
  formerServices: () => ['content', 'former-services'] as const,
  about: () => ['content', 'about'] as const,
};
