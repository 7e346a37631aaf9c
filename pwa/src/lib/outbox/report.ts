/** What one flush did, for the triggers (and "Send now") to act on. */
export type FlushReport = {
  /** Another tab or the worker was flushing: nothing was tried here. */
  busy: boolean;
  /** Items the server now has. */
  sent: number;
  retrying: number;
  /** Items refused or clashing (clashes are also counted in `conflicts`). */
  rejected: number;
  conflicts: number;
  /** Requests answered 401 (or people not signed in): their items wait for that person. */
  needsAuth: number;
  /** HTTP requests made. */
  requests: number;
};

export function emptyReport(): FlushReport {
  return { busy: false, sent: 0, retrying: 0, rejected: 0, conflicts: 0, needsAuth: 0, requests: 0 };
}

export function addReports(a: FlushReport, b: FlushReport): FlushReport {
  return {
    busy: a.busy || b.busy,
    sent: a.sent + b.sent,
    retrying: a.retrying + b.retrying,
    rejected: a.rejected + b.rejected,
    conflicts: a.conflicts + b.conflicts,
    needsAuth: a.needsAuth + b.needsAuth,
    requests: a.requests + b.requests,
  };
}
