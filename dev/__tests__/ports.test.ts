import net from 'node:net';
import { freePort, portBlock } from '../ports';

function listen(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const closeAll = (servers: (net.Server | undefined)[]) =>
  Promise.all(servers.map((server) => server && new Promise((resolve) => server.close(resolve))));

describe('freePort', () => {
  // Every port answered here, since freePort never answers one twice.
  const answered: number[] = [];

  it('answers distinct ports below the OS’s ephemeral range, each free to bind', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 40; i += 1) ports.push(await freePort());
    answered.push(...ports);
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10000);
      expect(port).toBeLessThan(32768);
    }
    const servers = await Promise.all(ports.map(listen));
    expect(servers.every(Boolean)).toBe(true);
    await closeAll(servers);
  });

  it('never answers a port another process or server already listens on', async () => {
    // Everything in the block is taken but a few ports, the way a busy machine might leave it.
    const { start, end } = portBlock();
    const left = new Set(
      [start + 7, start + 700, end - 3].map((port) => {
        while (answered.includes(port)) port += 1;
        return port;
      }),
    );
    const held: (net.Server | undefined)[] = [];
    for (let port = start; port < end; port += 100) {
      const ports = Array.from({ length: Math.min(100, end - port) }, (_, i) => port + i);
      held.push(...(await Promise.all(ports.filter((p) => !left.has(p)).map(listen))));
    }
    try {
      const now = new Set<number>();
      for (let i = 0; i < 3; i += 1) now.add(await freePort());
      expect(now).toEqual(left);
    } finally {
      await closeAll(held);
    }
  });
});
