/** One query-key factory for reports, service outputs and the counters' settings. */
export const reportKeys = {
  all: () => ['reports'] as const,
  report: (query: { from: string; to: string; services: string; scope: 'all' | 'mine' }) => ['reports', 'report', query] as const,
  card: (query: { from: string; to: string; services: string; scope: 'all' | 'mine' }) => ['reports', 'card', query] as const,
  outputs: (serviceKey: string) => ['reports', 'outputs', serviceKey] as const,
  counters: () => ['reports', 'counters'] as const,
};
