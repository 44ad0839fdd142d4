import { signOutMachine } from '../endpoints/sign-out-machine/contract';
import { validateLicense } from '../endpoints/validate-license/contract';
import { licensesOf, subscribe, type Subscribed } from './support/accounts';
import { startBff, type Bff } from './support/bff';
import { aMachine } from './support/machines';

// A client names its machines itself, and an installation id becomes a key of the map a license's
// machines are stored in: an id shaped like a property of every JavaScript object ("__proto__",
// "constructor") must be refused as bad input, never reach that map, and never answer a 500.

let bff: Bff;
let buyer: Subscribed;
let key: string;
beforeAll(async () => {
  bff = await startBff();
  buyer = await subscribe(bff, 1);
  key = (await licensesOf(bff, buyer.user))[0]?.key ?? '';
});
afterAll(() => bff?.stop());

const SHAPED = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

it.each(SHAPED)('validate-license refuses the machine id %s with 400', async (id) => {
  const res = await bff.send(validateLicense, {
    user: buyer.user,
    body: { key, machine: { ...aMachine(), id } },
  });
  expect(res.status).toBe(400);
  expect(res.error?.code).toBe('INVALID_REQUEST');
});

it.each(SHAPED)('sign-out-machine refuses the machine id %s with 400', async (machineId) => {
  const res = await bff.send(signOutMachine, {
    user: buyer.user,
    body: { licenseKey: key, machineId },
    headers: { 'idempotency-key': `proto-${machineId}` },
  });
  expect(res.status).toBe(400);
  expect(res.error?.code).toBe('INVALID_REQUEST');
});

it('still admits an ordinary installation id, and the license keeps working after the refusals', async () => {
  const res = await bff.send(validateLicense, { user: buyer.user, body: { key, machine: aMachine() } });
  expect(res.answer).toMatchObject({ valid: true, code: 'VALID' });
});

it.each(['__proto__', 'constructor'])(
  'a query key named %s is an unknown key (400), as API Gateway hands it to the function',
  async (name) => {
    const res = await bff.call('GET', 'get-held-licenses', {
      user: buyer.user,
      query: { uid: buyer.user.uid, [name]: 'x' },
    });
    expect(res.status).toBe(400);
    expect((res.body as { error?: { message?: string } }).error?.message).toContain(`unknown key "${name}"`);
  },
);
