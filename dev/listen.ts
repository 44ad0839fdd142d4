import type http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  url: string;
  port: number;
  /** Closes the server, dropping kept-alive connections so the port frees at once. */
  stop(): Promise<void>;
}

/** Starts `server` on host:port (0 = a free port); every local service listens through this. */
export async function listen(server: http.Server, port: number, host = '127.0.0.1'): Promise<RunningServer> {
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
