/**
 * The query keys of site management, one factory for the feature. Blog and feature keys are the
 * ones the public pages use for the same requests (features/blog, features/carousel), so a post
 * made here shows on /blog at once, and invalidating a resource's root refreshes every page that
 * reads it. Services get their own key under ['services']: managers must see what the server
 * holds, never the public page's built-in fallback catalogue.
 */
export const manageKeys = {
  blog: () => ['content', 'blog'] as const,
  blogPosts: () => ['content', 'blog', 'list'] as const,
  blogPost: (id: string) => ['content', 'blog', 'post', id] as const,
  features: () => ['content', 'features'] as const,
  logs: () => ['logs'] as const,
  logFiles: () => ['logs', 'list'] as const,
  logFile: (id: string) => ['logs', 'file', id] as const,
  staff: () => ['users'] as const,
  staffList: () => ['users', 'list'] as const,
  staffMember: (id: string) => ['users', 'member', id] as const,
  services: () => ['services'] as const,
  serviceStatuses: () => ['services', 'manage'] as const,
};
