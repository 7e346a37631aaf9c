/** The dashboard's answer, from the contract. */
export type { Dashboard as DashboardData } from '@contract/dashboard';
