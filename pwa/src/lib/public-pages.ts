/**
 * The public pages the server renders (DESIGN §10): `/`, `/team`, `/services`, `/service/{id}`,
 * `/contact`, `/about`, `/enrol/{id}`, `/blog`, `/blog/{id}`, `/former_services`. One pattern for
 * the server's renderer (entry-server.tsx) and the service worker, which keeps the last rendered
 * copy of each for offline use; every other path (sign-in, staff) is the app's shell.
 */
export const publicPagePattern = /^\/(|team|services|contact|about|blog|former_services|(service|enrol|blog)\/[^/]+)\/?$/;
