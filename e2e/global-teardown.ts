export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __E2E_SITE__?: { stop(): Promise<void> } }).__E2E_SITE__?.stop();
}
