import { startSiteServer } from '../dev/site-server';
import { PUBLIC_DIR } from './site';

// Serves the built site for the browser tests; e2e/run.ts has built it.
export default async function globalSetup(): Promise<void> {
  const server = await startSiteServer({ root: PUBLIC_DIR, port: 0 });
  process.env.E2E_SITE_URL = server.url;
  (globalThis as { __E2E_SITE__?: { stop(): Promise<void> } }).__E2E_SITE__ = server;
}
