import type { ThrottleRule } from '../../../dev/iam/gate';
import { type User } from '../support/bff';

import type { Fault, BillingAction, Plan } from './plans';
import type { Round } from './round';
import {
  MACHINE_LIMIT,
  stack,
  newKey,
  licenses,
  renewing,
  pay,
  paid,
  setupCheckout,
  completeCheckout,
  newUser,
  subscribed,
  cardOfItsOwn,
  add,
  remove,
  stripeFault,
  WRITES,
} from './round';

// Each scenario a round can draw, played on a fresh account: the parallel requests, the injected
// faults, and what the round then checks.

// --- the scenarios ------------------------------------------------------------------------------------

/** Runs the round's requests; answers the account and the renewing quantity the round asked for. */
export async function play(r: Round): Promise<{ user: User; subscriptionId?: string; expected?: number }> {
  const p = r.plan;
  switch (p.scenario) {
    case 'add/add': {
      const s = await subscribed(r, p.base);
      const answers = await Promise.all(p.counts.map((c) => add(r, s, c)));
      r.expect(
        answers.every((a) => a.status === 200),
        'both adds should succeed',
      );
      return { user: s.user, subscriptionId: s.subscriptionId, expected: p.base + p.counts[0] + p.counts[1] };
    }
    case 'add/remove': {
      const s = await subscribed(r, p.base);
      const keys = renewing(await licenses(s.user))
        .slice(0, p.remove)
        .map((l) => l.key);
      const [a, d] = await Promise.all([add(r, s, p.add), remove(r, s, keys)]);
      r.expect(a.status === 200 && d.status === 200, 'the add and the remove should succeed');
      return { user: s.user, subscriptionId: s.subscriptionId, expected: p.base + p.add - p.remove };
    }
    case 'remove/remove': {
      const s = await subscribed(r, p.base);
      const keys = renewing(await licenses(s.user)).map((l) => l.key);
      const first = keys.slice(0, p.removes[0]);
      const second = p.overlap ? first : keys.slice(p.removes[0], p.removes[0] + p.removes[1]);
      const answers = await Promise.all([remove(r, s, first), remove(r, s, second)]);
      if (p.overlap) {
        // The same keys from two tabs, one after the other under the account's lease: the first
        // removes them, the second finds them no longer renewing (which tab is first is the race's).
        const outcomes = answers.map((a) => `${a.status} ${a.body.error?.code ?? ''}`.trim()).sort();
        r.expect(
          JSON.stringify(outcomes) === JSON.stringify(['200', '409 LICENSE_NOT_RENEWING']),
          'one removal should succeed and the other see the keys no longer renewing',
        );
        return { user: s.user, subscriptionId: s.subscriptionId, expected: p.base - first.length };
      }
      r.expect(
        answers.every((a) => a.status === 200),
        'both removes should succeed',
      );
      return {
        user: s.user,
        subscriptionId: s.subscriptionId,
        expected: p.base - first.length - second.length,
      };
    }
    case 'two-tab checkouts': {
      const user = await newUser(r);
      const setups = await Promise.all(
        p.counts.map((c, i) => setupCheckout(r, `tab ${i + 1}: checkout ${c}`, user, c)),
      );
      r.expect(
        setups.every((s) => s.status === 200),
        'both checkouts should be set up',
      );
      // The same count reuses the pending checkout; another count replaces it (cancels it): which tab
      // got there last is the race's, and the account keeps that tab's checkout.
      const ids = setups.map((s) => String(s.body.subscriptionId));
      const statuses = await Promise.all(
        ids.map(async (id) => (await stack().stripe.subscriptions.retrieve(id)).status),
      );
      r.notes.push(`subscriptions: ${statuses.join(', ')}`);
      const same = p.counts[0] === p.counts[1];
      if (same) r.expect(ids[0] === ids[1], 'both tabs should get the one checkout');
      else
        r.expect(
          [...statuses].sort().join() === 'canceled,incomplete',
          'the later checkout should replace the earlier one',
        );
      const current = statuses[1] === 'incomplete' ? 1 : 0;
      if (p.payIn === 'stale' && !same) {
        // The replaced tab's payment is refused by Stripe (its invoice is void); the user then pays
        // in the other tab.
        const stale = await pay(String(setups[1 - current]?.body.sec));
        r.ops.push({ label: `pay in tab ${2 - current}`, statuses: [JSON.stringify(stale)] });
        r.expect(
          'refused' in stale && stale.refused === 'payment_intent_unexpected_state',
          "the replaced checkout's payment should be refused",
        );
      }
      const pmid = await paid(r, String(setups[current]?.body.sec));
      r.ops.push({ label: `pay in tab ${current + 1}`, statuses: ['paid'] });
      const done = await completeCheckout(r, `complete-checkout (tab ${current + 1})`, user, pmid);
      r.expect(done.status === 200, 'the checkout should complete');
      return { user, subscriptionId: ids[current], expected: p.counts[current] };
    }
    case 'double click': {
      const key = newKey();
      if (p.action === 'checkout') {
        const user = await newUser(r);
        const [a, b] = await Promise.all(
          [1, 2].map((i) => setupCheckout(r, `click ${i}: checkout ${p.count}`, user, p.count, key)),
        );
        r.expect(a?.status === 200 && b?.status === 200, 'both clicks should be answered 200');
        r.expect(
          a?.body.subscriptionId === b?.body.subscriptionId,
          'both clicks should answer one subscription',
        );
        const pmid = await paid(r, String(a?.body.sec));
        const done = await completeCheckout(r, 'complete-checkout', user, pmid);
        r.expect(done.status === 200, 'complete-checkout should succeed');
        return { user, subscriptionId: String(a?.body.subscriptionId), expected: p.count };
      }
      const s = await subscribed(r, p.base);
      if (p.action === 'add') {
        const [a, b] = await Promise.all(
          [1, 2].map((i) => add(r, s, p.count, key, `click ${i}: add +${p.count}`)),
        );
        r.expect(a?.status === 200 && b?.status === 200, 'both clicks should be answered 200');
        r.expect(
          JSON.stringify(a?.body) === JSON.stringify(b?.body),
          'both clicks should get the same answer',
        );
        return { user: s.user, subscriptionId: s.subscriptionId, expected: p.base + p.count };
      }
      const keys = renewing(await licenses(s.user))
        .slice(0, Math.min(p.count, p.base))
        .map((l) => l.key);
      const [a, b] = await Promise.all(
        [1, 2].map((i) => remove(r, s, keys, key, `click ${i}: remove -${keys.length}`)),
      );
      r.expect(a?.status === 200 && b?.status === 200, 'both clicks should be answered 200');
      r.expect(JSON.stringify(a?.body) === JSON.stringify(b?.body), 'both clicks should get the same answer');
      return { user: s.user, subscriptionId: s.subscriptionId, expected: p.base - keys.length };
    }
    case 'retry after fault':
      return playFault(r, p);
    case 'billing':
      return playBilling(r, p);
  }
}

export const faultPath = (path: Exclude<Fault, { kind: 'throttle' }>['path'], subscriptionId?: string) =>
  ({
    update: `^/v1/subscriptions/${subscriptionId}$`,
    create: '^/v1/subscriptions$',
    customer: '^/v1/customers$',
    refunds: '^/v1/refunds$',
  })[path];

export const BILLING_ROUTES: Record<BillingAction, [string, string]> = {
  cancel: ['PUT', 'cancel-subscription'],
  renew: ['PUT', 'renew-licenses'],
  refund: ['POST', 'request-refund'],
};

/**
 * A billing action on a fresh account: cancel (nothing renews after), renew removed licenses (they
 * renew again, with their keys), or the guarantee's refund (everything paid back, nothing in force).
 */
export async function playBilling(
  r: Round,
  p: Extract<Plan, { scenario: 'billing' }>,
): Promise<{ user: User; subscriptionId?: string; expected?: number }> {
  const s = await subscribed(r, p.base, await cardOfItsOwn());
  const ids = { customerId: s.customerId, subscriptionId: s.subscriptionId };
  let licenseKeys: string[] = [];
  if (p.action === 'renew') {
    const removedKeys = renewing(await licenses(s.user))
      .slice(0, p.removed)
      .map((l) => l.key);
    r.expect(
      (await remove(r, s, removedKeys)).status === 200,
      'the removal before the renewal should succeed',
    );
    licenseKeys = removedKeys.slice(0, p.renew);
  }
  const [method, route] = BILLING_ROUTES[p.action];
  const body = p.action === 'renew' ? { ...ids, licenseKeys } : ids;
  const act = (key = newKey(), label: string = p.action) =>
    r.send(label, method, route, { user: s.user, key, body });
  const expected = p.action === 'renew' ? p.base - p.removed + p.renew : 0;
  const race = p.race;
  if (race.kind === 'double click') {
    const key = newKey();
    const [a, b] = await Promise.all([act(key, `click 1: ${p.action}`), act(key, `click 2: ${p.action}`)]);
    r.expect(a.status === 200 && b.status === 200, 'both clicks should be answered 200');
    r.expect(JSON.stringify(a.body) === JSON.stringify(b.body), 'both clicks should get the same answer');
    return { user: s.user, subscriptionId: s.subscriptionId, expected };
  }
  if (race.kind === 'add') {
    const [a, b] = await Promise.all([
      act(),
      add(r, s, race.count, newKey(), `other tab: add +${race.count}`),
    ]);
    r.expect(a.status === 200, `the ${p.action} should succeed`);
    if (p.action === 'renew') {
      r.expect(b.status === 200, "the other tab's add should succeed");
      return { user: s.user, subscriptionId: s.subscriptionId, expected: expected + race.count };
    }
    // Which tab ran first is the race's: the add is refused once the subscription ends or will end.
    const refused = p.action === 'cancel' ? 'SUBSCRIPTION_ENDING' : 'SUBSCRIPTION_NOT_ACTIVE';
    r.expect(
      b.status === 200 || b.body.error?.code === refused,
      `the other tab's add should succeed or be refused ${refused}`,
    );
    return { user: s.user, subscriptionId: s.subscriptionId, expected };
  }
  const f = race.fault;
  let rule: ThrottleRule | undefined;
  if (f.kind === 'throttle') {
    rule = stack().iamGate.throttle({
      principal: route,
      operations: f.writesOnly ? WRITES : undefined,
      bodyIncludes: s.user.uid,
      skip: f.skip,
      times: f.times,
    });
  } else await stripeFault(f.kind, f.method, faultPath(f.path, s.subscriptionId), f.times);
  const res = await act();
  if (rule)
    r.notes.push(`throttle: ${f.times - rule.times} of ${f.times} answered, ${rule.skip ?? 0} skips left`);
  r.expect(res.status === 200, `the ${p.action} should succeed (after retries)`);
  return { user: s.user, subscriptionId: s.subscriptionId, expected };
}

export async function playFault(
  r: Round,
  p: Extract<Plan, { scenario: 'retry after fault' }>,
): Promise<{ user: User; subscriptionId?: string; expected?: number }> {
  const f = p.fault;
  const handler = {
    add: 'add-licenses',
    remove: 'remove-licenses',
    checkout: 'setup-checkout',
    complete: 'complete-checkout',
  }[p.action];
  let rule: ThrottleRule | undefined;
  const inject = async (user: User, subscriptionId?: string) => {
    if (f.kind === 'throttle') {
      rule = stack().iamGate.throttle({
        principal: handler,
        operations: f.writesOnly ? WRITES : undefined,
        bodyIncludes: user.uid,
        skip: f.skip,
        times: f.times,
      });
      return;
    }
    await stripeFault(f.kind, f.method, faultPath(f.path, subscriptionId), f.times);
  };
  const fired = () => {
    if (rule)
      r.notes.push(`throttle: ${f.times - rule.times} of ${f.times} answered, ${rule.skip ?? 0} skips left`);
  };

  if (p.action === 'checkout' || p.action === 'complete') {
    const user = await newUser(r);
    const key = newKey();
    if (p.action === 'checkout') await inject(user);
    const setup = await setupCheckout(r, `checkout ${p.count}`, user, p.count, key);
    r.expect(setup.status === 200, 'setup-checkout should succeed (after retries)');
    const pmid = await paid(r, String(setup.body.sec));
    if (p.action === 'complete') await inject(user);
    const done = await completeCheckout(r, 'complete-checkout', user, pmid);
    fired();
    r.expect(done.status === 200, 'complete-checkout should succeed (after retries)');
    return { user, subscriptionId: String(setup.body.subscriptionId), expected: p.count };
  }

  const s = await subscribed(r, p.base);
  const keys = renewing(await licenses(s.user))
    .slice(0, p.count)
    .map((l) => l.key);
  await inject(s.user, s.subscriptionId);
  const main = p.action === 'add' ? add(r, s, p.count) : remove(r, s, keys);
  const other = p.alongside ? add(r, s, p.alongside, newKey(), `other tab: add +${p.alongside}`) : undefined;
  const [a, b] = await Promise.all([main, other, machinesAtOnce(r, s.user, keys[0])]);
  fired();
  r.expect(a.status === 200, `the ${p.action} should succeed (after retries)`);
  r.expect(!b || b.status === 200, "the other tab's add should succeed (after retries)");
  const delta = (p.action === 'add' ? p.count : -p.count) + p.alongside;
  return { user: s.user, subscriptionId: s.subscriptionId, expected: p.base + delta };
}

/**
 * Five installations check one of the account's licenses at once, during the round's action: at most
 * MACHINE_LIMIT are accepted (the invariants check the stored machines after the round too).
 */
export async function machinesAtOnce(r: Round, user: User, key: string | undefined): Promise<void> {
  if (!key) return;
  const answers = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      stack().call('POST', 'validate-license', {
        user,
        body: {
          key,
          machine: { id: `round-${r.n}-pc-${i}`, name: `PC ${i}`, platform: 'windows', appVersion: '5.2.0' },
        },
      }),
    ),
  );
  const accepted = answers.filter((res) => res.body.valid === true).length;
  r.notes.push(`machines: ${accepted} of 5 accepted at once`);
  if (accepted > MACHINE_LIMIT) throw new Error(`${accepted} of 5 machines were accepted at once on ${key}`);
}
