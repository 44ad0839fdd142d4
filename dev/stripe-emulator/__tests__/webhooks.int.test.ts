import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { monthlyPrice, Receiver, start } from './helpers';

type LoggedEvent = {
  id: string;
  type: string;
  delivery: { status: string; attempts: { status: number | null }[] };
};

async function emulatorEvents(url: string): Promise<LoggedEvent[]> {
  const res = await fetch(`${url}/_emulator/events`);
  return ((await res.json()) as { data: LoggedEvent[] }).data;
}

test('events are signed as Stripe signs them, retried after a failure, and can be resent', async () => {
  const { emulator, stripe } = await start({ webhookSecret: 'whsec_test_secret' });
  const receiver = new Receiver(stripe, () => 'whsec_test_secret');
  try {
    emulator.setWebhookUrl(await receiver.start());
    receiver.failNext = 1;
    const customer = await stripe.customers.create({ email: 'hooks@example.com' });
    const event = await receiver.waitFor((e) => e.type === 'customer.created');
    expect((event.data.object as Stripe.Customer).id).toBe(customer.id);

    const logged = (await emulatorEvents(emulator.url)).find((e) => e.id === event.id);
    expect(logged?.delivery.status).toBe('delivered');
    expect(logged?.delivery.attempts.map((a) => a.status)).toEqual([500, 200]);

    // The receiver's verification is the SDK's own: a forged signature is refused.
    const { body, signature } = receiver.received[0] as { body: string; signature: string };
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const forged = signature.replace(/v1=.{4}/, 'v1=0000');
    expect(() => stripe.webhooks.constructEvent(body, forged, 'whsec_test_secret')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const resend = await fetch(`${emulator.url}/_emulator/events/${event.id}/resend`, { method: 'POST' });
    expect(resend.status).toBe(200);
    await receiver.waitFor(() => receiver.received.filter((r) => r.event.id === event.id).length === 2);
  } finally {
    await emulator.stop();
    await receiver.stop();
  }
});

test('state survives a restart when statePath is given', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'stripe-emulator-'));
  const statePath = join(dir, 'stripe.json');
  try {
    const first = await start({ statePath });
    const price = await monthlyPrice(first.stripe);
    const customer = await first.stripe.customers.create({
      email: 'keep@example.com',
      metadata: { uid: 'keep' },
    });
    const sub = await first.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 1 }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    await fetch(`${first.emulator.url}/_emulator/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'seconds=3600',
    });
    const movedTo = ((await (await fetch(`${first.emulator.url}/_emulator/clock`)).json()) as { now: number })
      .now;
    await first.emulator.stop();

    const second = await start({ statePath });
    try {
      const again = await second.stripe.subscriptions.retrieve(sub.id, { expand: ['customer'] });
      expect((again.customer as Stripe.Customer).email).toBe('keep@example.com');
      expect(again.latest_invoice).toBe((sub.latest_invoice as Stripe.Invoice).id);
      const found = await second.stripe.customers.search({ query: "metadata['uid']:'keep'" });
      expect(found.data.map((c) => c.id)).toEqual([customer.id]);
      const clock = (
        (await (await fetch(`${second.emulator.url}/_emulator/clock`)).json()) as { now: number }
      ).now;
      expect(clock).toBeGreaterThanOrEqual(movedTo);
    } finally {
      await second.emulator.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
