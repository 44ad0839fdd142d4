import { putBillingDetails } from '../../endpoints/billing-details/contract';
import { removeLicenses } from '../../endpoints/remove-licenses/contract';
import { signOutMachine } from '../../endpoints/sign-out-machine/contract';
import { validateLicense } from '../../endpoints/validate-license/contract';
import { ApiError } from '../../lib/api-error';
import { parseJsonBody } from '../../lib/request';

// Free text that others read (a support operator's terminal, the licenses page) refuses control and
// bidirectional formatting characters at the contract: a 400 that names the field and the character.

/** Terminal sequences (erase the line, return to its start, an OSC-8 link), a right-to-left override. */
const HOSTILE: [string, string, string][] = [
  ['ESC', 'Acme\u001b[2KOK to refund', 'U+001B'],
  ['CR', 'Acme\rOK to refund', 'U+000D'],
  ['an OSC-8 link', '\u001b]8;;https://evil.example/\u0007Acme\u001b]8;;\u0007', 'U+001B'],
  ['LF in a one-line field', 'Acme\nOK to refund', 'U+000A'],
  ['a C1 control (CSI)', 'Acme\u009b2J', 'U+009B'],
  ['DEL', 'Acme\u007f', 'U+007F'],
  ['a right-to-left override', 'report\u202Etxt.exe', 'U+202E'],
  ['a right-to-left isolate', 'report\u2067exe.txt\u2069', 'U+2067'],
  ['a right-to-left mark', '\u200Freport', 'U+200F'],
  ['a line separator', 'Acme\u2028Ltd', 'U+2028'],
];

function refusal(body: unknown, schema: Parameters<typeof parseJsonBody>[1]): ApiError {
  try {
    parseJsonBody({ body: JSON.stringify(body), isBase64Encoded: false }, schema);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('accepted');
}

const details = {
  customerId: 'cus_abc',
  companyName: 'Acme Research GmbH',
  address: {
    line1: '12 Elm Street',
    line2: 'Floor 3',
    city: 'Berlin',
    postalCode: '10115',
    state: 'BE',
    country: 'DE',
  },
};
const machine = { id: 'machine-0001', name: 'Work PC', platform: 'windows', appVersion: '5.2.0' };
const key = 'ABCDE-FGHJK-MNPQR-STVWX-YZ012';

/** Each kind of free-text field: where it sits in which contract's body, and the name the 400 gives it. */
const FIELDS: {
  kind: string;
  field: string;
  schema: Parameters<typeof parseJsonBody>[1];
  body: (t: string) => unknown;
}[] = [
  {
    kind: 'a company name',
    field: 'companyName',
    schema: putBillingDetails.body,
    body: (t) => ({ ...details, companyName: t }),
  },
  {
    kind: 'an address line',
    field: 'address.line1',
    schema: putBillingDetails.body,
    body: (t) => ({ ...details, address: { ...details.address, line1: t } }),
  },
  {
    kind: 'an optional address line',
    field: 'address.line2',
    schema: putBillingDetails.body,
    body: (t) => ({ ...details, address: { ...details.address, line2: t } }),
  },
  {
    kind: 'a city',
    field: 'address.city',
    schema: putBillingDetails.body,
    body: (t) => ({ ...details, address: { ...details.address, city: t } }),
  },
  {
    kind: 'a postal code',
    field: 'address.postalCode',
    schema: putBillingDetails.body,
    body: (t) => ({ ...details, address: { ...details.address, postalCode: t } }),
  },
  {
    kind: 'a state',
    field: 'address.state',
    schema: putBillingDetails.body,
    body: (t) => ({ ...details, address: { ...details.address, state: t } }),
  },
  {
    kind: 'a machine name',
    field: 'machine.name',
    schema: validateLicense.body,
    body: (t) => ({ key, machine: { ...machine, name: t } }),
  },
  { kind: 'a license key', field: 'key', schema: validateLicense.body, body: (t) => ({ key: t, machine }) },
  {
    kind: 'a license key to sign out of',
    field: 'licenseKey',
    schema: signOutMachine.body,
    body: (t) => ({ licenseKey: t, machineId: 'machine-0001' }),
  },
  {
    kind: 'license keys in a list',
    field: 'licenseKeys.1',
    schema: removeLicenses.body,
    body: (t) => ({ customerId: 'cus_abc', subscriptionId: 'sub_abc', licenseKeys: [key, t] }),
  },
];

describe.each(FIELDS)('$kind ($field)', ({ field, schema, body }) => {
  it.each(HOSTILE)('is refused with %s: 400 naming the field and the character', (_what, text, ch) => {
    const error = refusal(body(text), schema);
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain(
      `${field}: must not hold control or bidirectional formatting characters (${ch})`,
    );
  });
});

const PROSE = FIELDS.filter((f) => !/key/i.test(f.field));

describe.each(PROSE)('$kind ($field)', ({ schema, body }) => {
  it.each(['Zoë’s Büro', 'שלום', 'مكتب', 'Ada’s 👩‍💻 MacBook'])('takes text people write: %s', (text) => {
    expect(() =>
      parseJsonBody({ body: JSON.stringify(body(text)), isBase64Encoded: false }, schema),
    ).not.toThrow();
  });
});
