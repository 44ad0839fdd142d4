import http from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { listen } from '../listen';

// A client keeps its connection to a local service across a pause longer than Node's 5-second default,
// as it does with AWS's endpoints: a one-attempt client (Cognito's trigger calls) must not meet a
// connection the service closed as the request went out.

function get(agent: http.Agent, url: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(req.socket as Socket));
    });
    req.on('error', reject);
  });
}

it("keeps an idle kept-alive connection open past Node's 5-second default", async () => {
  const server = await listen(
    http.createServer((_req, res) => res.end('ok')),
    0,
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, server.url);
    let closed = false;
    first.once('close', () => (closed = true));
    await sleep(6_000);
    expect(closed).toBe(false);
    expect(await get(agent, server.url)).toBe(first);
  } finally {
    agent.destroy();
    await server.stop();
  }
});
