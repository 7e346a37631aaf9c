/** Query keys of the retention list: every page under one root, so an archive or erasure refreshes them all. */
export const retentionKeys = {
  all: () => ['retention'] as const,
  page: (page: number) => ['retention', 'page', page] as const,
  erasureReview: (id: string) => ['retention', 'erasure-review', id] as const,
};
