import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportCard } from '@contract/report-card';
import type { Report, ReportTableName } from '@contract/reports';
import { readErrorItems } from '@contract/errors';
import { apiRequest, ApiRequestError, getToken } from '../../../lib/api-client';
import { queryString, staffApiPaths } from '../../../lib/staff-paths';
import { reportKeys } from './report-keys';

export type ReportRequest = { from: string; to: string; services: string; scope: 'all' | 'mine' };

const queryOf = (request: ReportRequest) =>
  queryString({ from: request.from, to: request.to, services: request.services, scope: request.scope === 'mine' ? 'mine' : undefined });

/** A report of a period and services (managers; `scope: 'mine'`: the caller's own services). */
export function getReport(request: ReportRequest, signal?: AbortSignal): Promise<Report> {
  return apiRequest<Report>(`${staffApiPaths.reports}${queryOf(request)}`, { signal });
}

export const reportQuery = (request: ReportRequest) =>
  queryOptions({ queryKey: reportKeys.report(request), queryFn: ({ signal }) => getReport(request, signal), placeholderData: keepPreviousData });

export function useReport(request: ReportRequest) {
  return useQuery(reportQuery(request));
}

/** The report card of a period and services (issue 35): how much, how well, better off, and the trend. */
export function getReportCard(request: ReportRequest, signal?: AbortSignal): Promise<ReportCard> {
  return apiRequest<ReportCard>(`${staffApiPaths.reportCard}${queryOf(request)}`, { signal });
}

export function useReportCard(request: ReportRequest) {
  return useQuery(
    queryOptions({ queryKey: reportKeys.card(request), queryFn: ({ signal }) => getReportCard(request, signal), placeholderData: keepPreviousData }),
  );
}

/** One table as a CSV file (small counts as "<5"). */
export async function downloadReportCsv(table: ReportTableName, request: ReportRequest): Promise<void> {
  await downloadReportFile(`${staffApiPaths.reportCsv(table)}${queryOf(request)}`, `${table}.csv`);
}

/** The whole report card as one spreadsheet (.xlsx). */
export async function downloadReportCardXlsx(request: ReportRequest): Promise<void> {
  await downloadReportFile(`${staffApiPaths.reportCardXlsx}${queryOf(request)}`, 'report-card.xlsx');
}

/**
 * An export file. The token travels in its header, never in a link, so the file is fetched and
 * handed to the browser under the name the server gives it.
 */
async function downloadReportFile(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { 'x-auth-token': token } : {} });
  } catch {
    throw new ApiRequestError(0, readErrorItems(0, undefined));
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiRequestError(response.status, readErrorItems(response.status, body), body);
  }
  const blob = await response.blob();
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
