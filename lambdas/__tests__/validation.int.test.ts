import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ENDPOINT_MALFORMED_QUERIES } from '../endpoints/malformed-queries';
import { startBff, type Bff, type User } from './support/bff';
import { aMachine } from './support/machines';

// Input a client can send must never answer 5xx: a matrix of malformed bodies and queries per
// endpoint. Also the email change and recovery flow through real Cognito and the outbox.

let bff: Bff;
let user: User;
beforeAll(async () => {
  bff = await startBff();
  user = await bff.newUser();
});
afterAll(() => bff?.stop());

const junkBodies: [string, string | undefined][] = [
  ['empty', undefined],
  ['not JSON', '{"uid":'],
  ['a JSON string', '"hello"'],
  ['null', 'null'],
  ['an array', '[]'],
  ['a number', '42'],
  ['an empty object', '{}'],
  ['deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
  ['oversized', JSON.stringify({ pad: 'x'.repeat(17 * 1024) })],
  ['unicode junk', '{"\u0000":"\uFFFF"}'],
];

const bodyEndpoints: {
  method: string;
  route: string;
  valid: () => Record<string, unknown>;
  auth: boolean;
}[] = [
  {
    method: 'POST',
    route: 'setup-checkout',
    valid: () => ({ uid: user.uid, email: user.email, count: 1 }),
    auth: true,
  },
  {
    method: 'PUT',
    route: 'add-licenses',
    valid: () => ({ customerId: 'cus_x', subscriptionId: 'sub_x', count: 1 }),
    auth: true,
  },
  {
    method: 'PUT',
    route: 'remove-licenses',
    valid: () => ({
      customerId: 'cus_x',
      subscriptionId: 'sub_x',
      licenseKeys: ['AAAAA-AAAAA-AAAAA-AAAAA-AAAAA'],
    }),
    auth: true,
  },
  {
    method: 'PUT',
    route: 'update-card',
    valid: () => ({ subscriptionId: 'sub_x', paymentMethodId: 'pm_x' }),
    auth: true,
  },
  {
    method: 'POST',
    route: 'delete-customer',
    valid: () => ({ uid: user.uid, currentPassword: 'x' }),
    auth: true,
  },
  {
    method: 'PUT',
    route: 'update-email',
    valid: () => ({ uid: user.uid, oldEmail: user.email, newEmail: 'n@example.com', currentPassword: 'x' }),
    auth: true,
  },
  {
    method: 'POST',
    route: 'validate-license',
    valid: () => ({ key: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA', machine: aMachine() }),
    auth: true,
  },
  {
    method: 'PUT',
    route: 'sign-out-machine',
    valid: () => ({ licenseKey: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA', machineId: 'abcdefgh12345678' }),
    auth: true,
  },
  { method: 'POST', route: 'email-recovery', valid: () => ({ code: 'A'.repeat(32) }), auth: false },
  { method: 'POST', route: 'email-recovery-info', valid: () => ({ code: 'A'.repeat(32) }), auth: false },
];

/** Variants of a valid body that are each wrong in one way. */
function mutations(valid: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = [['an unknown key', { ...valid, extra: 1 }]];
  for (const key of Object.keys(valid)) {
    const { [key]: _drop, ...rest } = valid;
    out.push([`${key} missing`, rest]);
    out.push([`${key} null`, { ...valid, [key]: null }]);
    out.push([`${key} an object`, { ...valid, [key]: { $ne: 1 } }]);
    out.push([`${key} huge`, { ...valid, [key]: 'x'.repeat(5000) }]);
    if (key === 'count') {
      for (const n of [0, 6, -1, 1.5, '2', 1e309, 'NaN'])
        out.push([`count ${String(n)}`, { ...valid, count: n }]);
    } else {
      out.push([`${key} a number`, { ...valid, [key]: 7 }]);
    }
  }
  if ('licenseKeys' in valid) {
    out.push(['licenseKeys empty', { ...valid, licenseKeys: [] }]);
    out.push([
      'licenseKeys too many',
      { ...valid, licenseKeys: Array(101).fill('AAAAA-AAAAA-AAAAA-AAAAA-AAAAA') },
    ]);
    out.push(['licenseKeys not keys', { ...valid, licenseKeys: ['nope'] }]);
  }
  return out;
}

/** The code each malformed body is refused with. */
function refusal(name: string): string {
  if (name === 'empty') return 'MISSING_BODY';
  // A raw NUL inside a JSON string is not JSON.
  if (name === 'not JSON' || name === 'unicode junk') return 'MALFORMED_JSON';
  if (name === 'oversized') return 'BODY_TOO_LARGE';
  if (name === 'licenseKeys not keys') return 'INVALID_LICENSE_KEY';
  return 'INVALID_REQUEST';
}

describe('malformed bodies answer 400 with the code of what is wrong, never 5xx', () => {
  for (const ep of bodyEndpoints) {
    it(`${ep.method} ${ep.route}`, async () => {
      const cases: [string, string | undefined][] = [
        ...junkBodies,
        ...mutations(ep.valid()).map(([name, body]): [string, string] => [name, JSON.stringify(body)]),
      ];
      const results = await Promise.all(
        cases.map(async ([name, raw]) => {
          const res = await bff.call(ep.method, ep.route, { user: ep.auth ? user : undefined, raw });
          return { name, status: res.status, code: res.body.error?.code };
        }),
      );
      // Each is refused before any ownership check, with the code that names what is wrong.
      expect(results).toEqual(cases.map(([name]) => ({ name, status: 400, code: refusal(name) })));
    });
  }
});

describe('malformed queries answer 400, never 5xx', () => {
  // Each GET endpoint that reads a query keeps its malformed queries beside its fuzz generator
  // (lambdas/endpoints/<name>/fuzz.ts, gathered by lambdas/endpoints/malformed-queries.ts).
  it.each(Object.entries(ENDPOINT_MALFORMED_QUERIES))('GET %s', async (route, list) => {
    for (const query of list) {
      const res = await bff.call('GET', route, { user, query });
      expect({ query, status: res.status, code: res.body.error?.code }).toEqual({
        query,
        status: 400,
        code: 'INVALID_REQUEST',
      });
      expect(typeof res.body.error?.message).toBe('string');
    }
  });
});

async function outbox(to: string): Promise<{ to: string; text: string }[]> {
  const dir = bff.outboxDir;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  const mails = await Promise.all(
    files.map(
      async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { to: string; text: string },
    ),
  );
  return mails.filter((m) => m.to === to);
}

describe('email change and recovery', () => {
  it('changes the email after the password check, mails the old address, and the link restores it', async () => {
    const me = await bff.newUser();
    const wrong = await bff.call('PUT', 'update-email', {
      user: me,
      body: {
        uid: me.uid,
        oldEmail: me.email,
        newEmail: `new-${me.email}`,
        currentPassword: 'wrong-password',
      },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error?.code).toBe('INCORRECT_PASSWORD');

    const taken = await bff.newUser();
    const clash = await bff.call('PUT', 'update-email', {
      user: me,
      body: { uid: me.uid, oldEmail: me.email, newEmail: taken.email, currentPassword: me.password },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error?.code).toBe('EMAIL_TAKEN');

    const newEmail = `new-${me.email}`;
    const res = await bff.call('PUT', 'update-email', {
      user: me,
      body: { uid: me.uid, oldEmail: me.email, newEmail, currentPassword: me.password },
    });
    expect(res.status).toBe(200);
    await expect(bff.signIn(newEmail, me.password)).resolves.toBeDefined();

    const mail = (await outbox(me.email)).find((m) => m.text.includes('mode=recoverEmail'));
    const code = /oobCode=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const info = await bff.call('POST', 'email-recovery-info', { body: { code } });
    expect(info.body).toEqual({ email: newEmail, previousEmail: me.email });

    const restore = await bff.call('POST', 'email-recovery', { body: { code } });
    expect(restore.status).toBe(200);
    expect(restore.body).toEqual({ email: me.email });
    // The old password is void until the owner chooses a new one (takeover.int.test.ts goes on).
    await expect(bff.signIn(me.email, me.password)).rejects.toMatchObject({
      name: 'PasswordResetRequiredException',
    });
    // The code is spent.
    const reuse = await bff.call('POST', 'email-recovery', { body: { code } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error?.code).toBe('USED_ACTION_CODE');
    const unknown = await bff.call('POST', 'email-recovery-info', { body: { code: 'B'.repeat(32) } });
    expect(unknown.status).toBe(400);
  });
});

describe('public endpoints', () => {
  it('health and the license public key need no token', async () => {
    expect((await bff.call('GET', 'health')).status).toBe(200);
    const key = await bff.call('GET', 'license-public-key');
    expect(key.body).toMatchObject({
      alg: 'EdDSA',
      keys: [expect.objectContaining({ kty: 'OKP', crv: 'Ed25519' })],
    });
  });
});
