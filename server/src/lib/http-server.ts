import http from 'node:http';
import type { Config } from '../config';

/**
 * The Node HTTP server with its own limits against slow clients (issue 21, decision 088), so it
 * holds without the proxy in front: a client must send its headers within `headersTimeoutMs`
 * and its whole request within `requestTimeoutMs` (else 408 and the connection closes); an idle
 * kept-alive connection closes after `keepAliveTimeoutMs`, and after `maxRequestsPerSocket`
 * requests; past `maxConnections` open connections a new one is closed at once, so slow
 * clients cannot use up the process's file descriptors and the database's with them.
 */
export function createHttpServer(listener: http.RequestListener, limits: Config['http']): http.Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node checks the two time-outs above; its default (30 s) would let a slow
      // client stay that much longer than the limit says.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    listener,
  );
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.maxConnections = limits.maxConnections;
  return server;
}
