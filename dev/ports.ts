import { setTimeout as sleep } from 'node:timers/promises';
import { randomInt } from 'node:crypto';
import net from 'node:net';

// Port helpers shared by the local stack and its tests.

// Why not port 0: the OS hands out ports from its ephemeral range (Linux: 32768-60999) both to
// `listen(0)` and to the local end of every outgoing connection. A port picked there and bound seconds
// later (a stack binds its ports only once it has started) could be taken meanwhile by any connection
// on the machine: that is how a test once failed with EADDRINUSE. So ports come from below that range,
// which the OS never hands out by itself, in a block per Jest worker so that parallel test files do not
// pick the same one, and each is checked free by binding it.
const LOWEST = 10000;
const EPHEMERAL_START = 32768;
const BLOCK = 2500;
const BLOCKS = Math.floor((EPHEMERAL_START - LOWEST) / BLOCK);
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The ports this process picks from: [start, end). */
export function portBlock(): { start: number; end: number } {
  const start = LOWEST + (Number(process.env.JEST_WORKER_ID ?? 0) % BLOCKS) * BLOCK;
  return { start, end: start + BLOCK };
}

/** A port that is free on 127.0.0.1, outside the OS's ephemeral range, not handed out before here. */
export async function freePort(): Promise<number> {
  const { start, end } = portBlock();
  if (handedOut.size >= BLOCK / 2) handedOut.clear();
  // Random picks first (two processes of one block rarely pick alike), then every port in turn.
  const candidates = [
    ...Array.from({ length: 50 }, () => start + randomInt(BLOCK)),
    ...Array.from({ length: BLOCK }, (_, i) => start + i),
  ];
  for (const port of candidates) {
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port on 127.0.0.1 from ${start} to ${end - 1}`);
}

/** True when 127.0.0.1:port can be bound now. */
export const isPortFree = canListen;

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function isPortOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** How often a wait for a live process says it is still waiting. */
const PROGRESS_EVERY_MS = 15000;

/**
 * Polls until `ready()` resolves truthy, for as long as the process is alive: a slow start on a busy
 * machine is waited for (saying so every 15 s through `progress`), a process that has exited fails at
 * once with `exited()`'s words (where its log is). No fixed limit: the caller's own limit (Jest's hook
 * timeout, a person's Ctrl-C) stops a process that never gets ready.
 */
export async function waitForProcess(
  what: string,
  exited: () => string | undefined,
  ready: () => Promise<boolean>,
  progress: (line: string) => void = () => undefined,
): Promise<void> {
  const started = Date.now();
  let said = started;
  for (;;) {
    const death = exited();
    if (death) throw new Error(`${what} stopped before it was ready: ${death}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() - said >= PROGRESS_EVERY_MS) {
      said = Date.now();
      progress(`Still waiting for ${what} (${Math.round((said - started) / 1000)} s)...`);
    }
    await sleep(50);
  }
}
