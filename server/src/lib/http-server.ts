import http from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config';

/**
 * The Node HTTP server with its own limits against slow clients (issue 21, decision 088), so it
 * holds without the proxy in front: a client must send its headers within `headersTimeoutMs`
 * and its whole request within `requestTimeoutMs` (else 408 and the connection closes); an idle
 * kept-alive connection closes after `keepAliveTimeoutMs`, and after `maxRequestsPerSocket`
 * requests; past `maxConnections` open connections a new one is closed at once, so slow
 * clients cannot use up the process's file descriptors and the database's with them, and past
 * `maxConnectionsPerAddress` from one address, so one address cannot take them all.
 */
export function createHttpServer(listener: http.RequestListener, limits: Config['http'], { behindProxy = false }: { behindProxy?: boolean } = {}): http.Server {
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
  // Behind a proxy every connection is the proxy's: the cap counts each visitor's requests instead (limitRequestsPerAddress).
  if (!behindProxy) capConnectionsPerAddress(server, limits.maxConnectionsPerAddress);
  return server;
}

/**
 * Past `max` open connections from one address, a new one from it is closed at once (decision
 * 112): about 1,000 slow connections from one address had left no room under `maxConnections`
 * for anyone else (issue 32).
 */
function capConnectionsPerAddress(server: http.Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
