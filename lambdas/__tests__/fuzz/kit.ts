import fc from 'fast-check';
import { paymentIntentOf, type User } from '../support/bff';
import {
  asQuery,
  hostileText,
  numberish,
  obj,
  printable,
  protoShaped,
  unicode,
  wild,
  type J,
} from './values';

// The arbitraries that know the accounts (built once they exist): ids, keys and addresses that are
// the attacker's own, the victim's, or anyone's. Each endpoint's fuzz.ts builds its request shape
// from them (lambdas/endpoints/<name>/fuzz.ts, gathered by lambdas/endpoints/fuzz.ts).

/** An account the fuzz knows inside out: set up through the API (support: fuzz/accounts.ts). */
export interface FuzzAccount {
  user: User;
  accessToken: string;
  customerId: string;
  subscriptionId: string;
  paymentMethodId: string;
  clientSecret: string;
  licenseKeys: string[];
}

/** Installation ids: the victim's machine (on its renewing license), and the attacker's own. */
export const VICTIM_MACHINE = 'victim-machine-0001';
export const ATTACKER_MACHINES = [
  'attacker-machine-1',
  'attacker-machine-2',
  'attacker-machine-3',
  'attacker-machine-4',
];

/** Body shapes (JSON objects), field by field; query shapes are the same idea with string values. */
export type Shape = Record<string, fc.Arbitrary<J>>;
export type QueryShape = Record<string, fc.Arbitrary<string>>;

/**
 * What the fuzz sends one endpoint. body/query: the endpoint's shape, each field plausible or wild;
 * own/ownQuery: a well-formed request about the caller's own account, as the site would send it (none
 * where it would need the attacker's password or end its sessions), so the fuzz also walks the
 * endpoint's success and conflict paths. An endpoint that reads neither is `{}`.
 */
export interface FuzzShape {
  body?: Shape;
  own?: Shape;
  query?: QueryShape;
  ownQuery?: QueryShape;
}

export type FuzzKit = ReturnType<typeof fuzzKit>;

/** An endpoint's fuzz generator: its shape from the kit. */
export type FuzzGenerator = (kit: FuzzKit) => FuzzShape;

/**
 * Queries a GET endpoint that reads a query refuses with 400 INVALID_REQUEST, each wrong in one way
 * (lambdas/__tests__/validation.int.test.ts sends them).
 */
export type MalformedQueries = readonly Readonly<Record<string, string>>[];

/** `a`: the attacker (the fuzz's caller), `v`: the victim, whose data must never leak. */
export function fuzzKit(a: FuzzAccount, v: FuzzAccount, revokedUid: string) {
  const pick = <T>(...xs: T[]) => fc.constantFrom(...xs);
  /** One field: mostly plausible values, sometimes anything. */
  const field = (plausible: fc.Arbitrary<J>): fc.Arbitrary<J> =>
    fc.oneof(
      { arbitrary: plausible, weight: 5 },
      { arbitrary: wild, weight: 1 },
      { arbitrary: protoShaped, weight: 1 },
    );

  const randomKey = fc
    .array(fc.constantFrom(...'0123456789ABCDEFGHJKMNPQRSTVWXYZ'), { minLength: 25, maxLength: 25 })
    .map((cs) => cs.join('').replace(/(.{5})(?!$)/g, '$1-'));
  const idLike = (prefix: string) => fc.stringMatching(new RegExp(`^${prefix}_[A-Za-z0-9]{4,24}$`));

  const uid = field(fc.oneof(pick(a.user.uid, v.user.uid, revokedUid), fc.uuid(), printable));
  const email = field(
    fc.oneof(
      pick(a.user.email, v.user.email, a.user.email.toUpperCase(), v.user.email.toUpperCase()),
      fc.emailAddress(),
      printable,
    ),
  );
  const count = fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 5 }), weight: 4 },
    { arbitrary: numberish, weight: 2 },
    { arbitrary: wild, weight: 1 },
  );
  const customerId = field(fc.oneof(pick(a.customerId, v.customerId, 'cus_', 'cus_x'), idLike('cus')));
  const subscriptionId = field(
    fc.oneof(pick(a.subscriptionId, v.subscriptionId, 'sub_', 'sub_x'), idLike('sub')),
  );
  const paymentMethodId = field(
    fc.oneof(
      pick(
        a.paymentMethodId,
        v.paymentMethodId,
        'pm_card_visa',
        'pm_card_mastercard',
        'pm_card_chargeDeclined',
        'pm_card_chargeDeclinedInsufficientFunds',
        'pm_card_chargeCustomerFail',
        'pm_card_nope',
      ),
      idLike('pm'),
    ),
  );
  const licenseKey = fc.oneof(
    pick(...a.licenseKeys, ...v.licenseKeys),
    pick(...v.licenseKeys).map((k) => k.toLowerCase()),
    pick(...v.licenseKeys).map((k) => k.replace(/-/g, '')),
    pick(...v.licenseKeys).map((k) => ` ${k} `),
    randomKey,
    printable,
    hostileText,
  );
  const licenseKeys = field(
    fc.oneof(
      fc.array(licenseKey, { minLength: 1, maxLength: 4 }),
      fc.array(wild, { maxLength: 3 }),
      fc.constant(Array<J>(101).fill(v.licenseKeys[0] ?? 'x')),
    ),
  );
  const sec = field(
    fc.oneof(
      pick(v.clientSecret, a.clientSecret),
      fc
        .tuple(fc.stringMatching(/^[A-Za-z0-9]{8,24}$/), fc.stringMatching(/^[A-Za-z0-9]{8,24}$/))
        .map(([p, s]) => `pi_${p}_secret_${s}`),
      pick(`${paymentIntentOf(v.clientSecret)}_secret_x`, paymentIntentOf(v.clientSecret)),
    ),
  );
  /** Never the attacker's own (see the header). */
  const password = field(pick(v.user.password, 'wrong-password', 'Passw0rd!long', ''));
  const recoveryCode = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/), printable);
  const machineId = field(
    fc.oneof(
      pick(VICTIM_MACHINE, ...ATTACKER_MACHINES),
      fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      printable,
    ),
  );
  const machine = field(
    fc
      .record({
        id: machineId,
        name: field(fc.oneof(pick('Work PC', 'MacBook'), printable, hostileText)),
        platform: field(pick('windows', 'macos', 'linux')),
        appVersion: field(pick('5.2.0', '5.3.0-beta.1', '')),
      })
      .map((m) => obj(m)),
  );
  /** The attacker's own installations, now and then named like a built-in object property. */
  const ownMachineId = fc.oneof(
    { arbitrary: pick<J>(...ATTACKER_MACHINES), weight: 4 },
    { arbitrary: protoShaped, weight: 1 },
  );
  /** Now and then named with what free text must not hold: refused, well-formed as the rest is. */
  const ownMachineName = fc.oneof({ arbitrary: pick<J>('Attacker PC'), weight: 4 }, hostileText);
  const ownMachine = fc
    .tuple(ownMachineId, ownMachineName)
    .map(([id, name]) => obj({ id, name, platform: 'windows', appVersion: '5.2.0' }));

  const stripeEvent: Shape = {
    id: field(idLike('evt')),
    object: field(pick('event')),
    type: field(
      pick(
        'invoice.paid',
        'invoice.payment_failed',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'charge.refunded',
      ),
    ),
    data: field(
      fc
        .tuple(
          pick('subscription', 'invoice'),
          pick<J>(v.subscriptionId, a.subscriptionId, 'sub_nope'),
          fc.oneof(fc.constant<J>(null), fc.integer({ min: 0, max: 50 })),
        )
        .map(([o, id, quantity]) => obj({ object: obj({ object: o, id, quantity }) })),
    ),
  };
  /** Company details; the billing email never the victim's (its answers would show the victim's address). */
  const billingDetails: Shape = {
    customerId,
    companyName: field(fc.oneof(pick('Acme Research GmbH', ' ', ''), printable, unicode, hostileText)),
    address: field(
      fc
        .record({
          line1: field(fc.oneof(pick('12 Elm Street'), printable, hostileText)),
          line2: field(fc.oneof(pick('Floor 3', ''), hostileText)),
          city: field(fc.oneof(pick('Berlin', 'Springfield', ''), hostileText)),
          postalCode: field(fc.oneof(pick('10115', '12345', ''), hostileText)),
          country: field(pick('DE', 'US', 'de', 'XX', 'Germany', '')),
          state: field(fc.oneof(pick('CA', ''), hostileText)),
        })
        .map((a) => obj(a)),
    ),
    taxId: field(
      fc
        .record({
          type: field(pick('eu_vat', 'us_ein', 'gb_vat', 'vat', '__proto__')),
          value: field(
            fc.oneof(pick('DE123456789', 'de123456789', '12-3456789', 'GB123', '', '<b>'), hostileText),
          ),
        })
        .map((t) => obj(t)),
    ),
    billingEmail: field(fc.oneof(pick(a.user.email, 'invoices@example.com'), fc.emailAddress(), printable)),
  };
  const count15 = fc.integer({ min: 1, max: 5 });
  const ownIds = { customerId: pick<J>(a.customerId), subscriptionId: pick<J>(a.subscriptionId) };
  return {
    a,
    v,
    asQuery,
    obj,
    pick,
    field,
    randomKey,
    idLike,
    uid,
    email,
    count,
    customerId,
    subscriptionId,
    paymentMethodId,
    licenseKey,
    licenseKeys,
    sec,
    password,
    recoveryCode,
    machineId,
    machine,
    ownMachineId,
    ownMachine,
    stripeEvent,
    billingDetails,
    hostileText,
    count15,
    ownIds,
  };
}
