import type http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  url: string;
  port: number;
  /** Closes the server, dropping kept-alive connections so the port frees at once. */
  stop(): Promise<void>;
}

const KEEP_ALIVE_MS = 10 * 60_000;

/**
 * Node closes a kept-alive connection after 5 idle seconds, and a client that sends on it as it closes
 * gets ECONNRESET. AWS's endpoints and Stripe's keep idle connections far longer, and Cognito's calls
 * to its triggers never meet this, so a one-attempt client of a local service (the Cognito proxy's
 * trigger calls) would fail where production does not. Every local service keeps them 10 minutes;
 * they close when it stops.
 */
export function keepIdleConnections(server: http.Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

/** Starts `server` on host:port (0 = a free port); every local service listens through this. */
export async function listen(server: http.Server, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  keepIdleConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${actual}`,
    port: actual,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
