/** Query keys of whānau: every read under one root, so a landed write refreshes them all. */
export const whanauKeys = {
  all: () => ['whanau'] as const,
  list: (q: string) => ['whanau', 'list', q] as const,
  detail: (id: string) => ['whanau', 'detail', id] as const,
  /**
   * What the whānau's own app brings to the page (issue 34): read with signal only, never kept on
   * the device, and read again each time the page opens (staleTime 0): the whānau may have written since.
   */
  devices: (id: string) => ['whanau', 'devices', id] as const,
  shares: (id: string) => ['whanau', 'shares', id] as const,
  voice: (id: string) => ['whanau', 'voice', id] as const,
  detailChanges: (id: string) => ['whanau', 'detail-changes', id] as const,
};

/** Managers' Privacy Act requests from the whānau app. */
export const privacyRequestKeys = {
  all: () => ['privacy-requests'] as const,
  page: (page: number) => ['privacy-requests', page] as const,
};
