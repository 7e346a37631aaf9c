/** Query keys of whānau: every read under one root, so a landed write refreshes them all. */
export const whanauKeys = {
  all: () => ['whanau'] as const,
  list: (q: string) => ['whanau', 'list', q] as const,
  detail: (id: string) => ['whanau', 'detail', id] as const,
};
