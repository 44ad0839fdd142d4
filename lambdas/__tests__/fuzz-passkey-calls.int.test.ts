import { GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import fc from 'fast-check';
import { startCognitoAlone, type CognitoAlone } from '../../dev/cognito/__tests__/support/cognito-alone';
import { passkeyCalls } from '../../dev/cognito/__tests__/support/passkey-calls';
import { SoftwareAuthenticator } from '../../dev/cognito/__tests__/support/software-authenticator';
import { encode, junkText, numberish, obj, wild, type J } from './fuzz/values';

// Property-based fuzz of the local Cognito's passkey calls, as an attacker sends them straight to
// Cognito's front door (the site's calls go there from the browser, not through the BFF):
// StartWebAuthnRegistration, CompleteWebAuthnRegistration with garbage credentials,
// ListWebAuthnCredentials with bad NextToken and MaxResults, DeleteWebAuthnCredential with another
// user's or garbage ids, and RespondToAuthChallenge WEB_AUTHN with garbage, each with the attacker's
// own, a revoked, a garbage or no access token and with stray fields. Checked on every answer: never a
// 5xx, and a 4xx is Cognito's JSON error ({__type, message}) naming a client error, never the proxy's
// InternalErrorException or UnsupportedOperationException (what it answers when its own code throws
// or does not know the call). After the run the proxy still answers, the victim keeps their passkey
// and the attacker registered none. FUZZ_RUNS (default 300), seed FUZZ_SEED (default fixed).

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

/** The proxy's own failures, which Cognito never answers to a malformed request. */
const PROXY_FAULTS = new Set(['InternalErrorException', 'UnsupportedOperationException']);
/** Calls that must never succeed with the garbage the fuzz sends them. */
const NEVER_SUCCEEDS = new Set([
  'CompleteWebAuthnRegistration',
  'DeleteWebAuthnCredential',
  'RespondToAuthChallenge',
]);

interface Parties {
  attackerToken: string;
  revokedToken: string;
  victimEmail: string;
  victimToken: string;
  victimCredentialId: string;
  clientId: string;
}

interface Call {
  op: string;
  /** The request body as sent: JSON, or not. */
  body: string;
}

let alone: CognitoAlone;
let parties: Parties;

beforeAll(async () => {
  alone = await startCognitoAlone({ passkeys: true });
  const calls = passkeyCalls(() => ({ cognito: alone.cognito, client: alone.client }));
  const victim = await calls.newUser('fuzz-victim');
  await calls.register(victim.accessToken, new SoftwareAuthenticator());
  const [credential] = (await calls.list(victim.accessToken)).Credentials ?? [];
  const attacker = await calls.newUser('fuzz-attacker');
  const revoked = await calls.newUser('fuzz-revoked');
  await alone.client.send(new GlobalSignOutCommand({ AccessToken: revoked.accessToken }));
  parties = {
    attackerToken: attacker.accessToken,
    revokedToken: revoked.accessToken,
    victimEmail: victim.email,
    victimToken: victim.accessToken,
    victimCredentialId: credential?.CredentialId ?? '',
    clientId: alone.cognito.clientId,
  };
});
afterAll(() => alone?.stop());

/** Sends one call as a client does: Cognito's JSON protocol, no AWS signature. */
async function send(call: Call): Promise<{ status: number; text: string }> {
  const res = await fetch(alone.cognito.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${call.op}`,
    },
    body: call.body,
  });
  return { status: res.status, text: await res.text() };
}

const base64url = fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b).toString('base64url'));
/** Something shaped like a WebAuthn response, with garbage in its fields. */
const credentialLike = (response: Record<string, fc.Arbitrary<J>>): fc.Arbitrary<J> =>
  fc
    .record({ id: base64url, rawId: base64url, type: fc.constantFrom<J>('public-key', 'x'), ...response })
    .map(({ id, rawId, type, ...rest }) =>
      obj({ id, rawId, type, response: obj(rest as Record<string, J>), clientExtensionResults: obj({}) }),
    );
const registration = fc.oneof(
  wild,
  credentialLike({ clientDataJSON: base64url, attestationObject: base64url }),
);
const assertion = fc.oneof(
  junkText,
  credentialLike({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url }).map(
    encode,
  ),
);
/** Optional fields that Cognito's calls do not have, or with the wrong type. */
const stray = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'Extra', 'AccessToken '), wild, {
  maxKeys: 2,
});

function calls(p: Parties): fc.Arbitrary<Call> {
  const token = fc.oneof(
    fc.constant<J>(p.attackerToken),
    fc.constant<J>(p.revokedToken),
    fc.constant<J>(`${p.attackerToken.slice(0, -4)}AAAA`),
    junkText,
    wild,
  );
  const withToken = (fields: Record<string, fc.Arbitrary<J>>) =>
    fc.record({ AccessToken: token, ...fields }, { requiredKeys: [] });
  const json = (op: string, body: fc.Arbitrary<Record<string, J>>): fc.Arbitrary<Call> =>
    fc.tuple(body, stray).map(([b, s]) => ({ op, body: encode(obj({ ...s, ...b })) }));
  return fc.oneof(
    json('StartWebAuthnRegistration', withToken({})),
    json('CompleteWebAuthnRegistration', withToken({ Credential: registration })),
    json(
      'ListWebAuthnCredentials',
      withToken({ MaxResults: fc.oneof(numberish, wild), NextToken: fc.oneof(junkText, wild) }),
    ),
    json(
      'DeleteWebAuthnCredential',
      withToken({
        CredentialId: fc.oneof(fc.constant<J>(p.victimCredentialId), base64url, junkText, wild),
      }),
    ),
    json(
      'RespondToAuthChallenge',
      fc.record(
        {
          ClientId: fc.oneof(fc.constant<J>(p.clientId), junkText),
          ChallengeName: fc.constantFrom<J>('WEB_AUTHN', 'SELECT_CHALLENGE'),
          Session: fc.oneof(junkText, wild),
          ChallengeResponses: fc.oneof(
            fc.record({ USERNAME: fc.constant<J>(p.victimEmail), CREDENTIAL: assertion }).map(obj),
            fc
              .record({
                USERNAME: fc.constant<J>(p.victimEmail),
                ANSWER: fc.constantFrom<J>('WEB_AUTHN', 'X'),
              })
              .map(obj),
            wild,
          ),
        },
        { requiredKeys: ['ChallengeName'] },
      ),
    ),
    // Not JSON at all, or not an object.
    fc
      .tuple(
        fc.constantFrom(
          'StartWebAuthnRegistration',
          'CompleteWebAuthnRegistration',
          'ListWebAuthnCredentials',
          'DeleteWebAuthnCredential',
          'RespondToAuthChallenge',
        ),
        fc.oneof(junkText, wild.map(encode), fc.constant('')),
      )
      .map(([op, body]) => ({ op, body })),
  );
}

/** What is wrong with the answer to a call; empty when it is as Cognito answers. */
function problems(call: Call, answer: { status: number; text: string }): string[] {
  const found: string[] = [];
  if (answer.status >= 500) found.push(`answered ${answer.status}`);
  let parsed: unknown;
  try {
    parsed = answer.text ? JSON.parse(answer.text) : {};
  } catch {
    found.push('answered something that is not JSON');
  }
  if (answer.status >= 400) {
    const type = (parsed as { __type?: unknown } | undefined)?.__type;
    if (typeof type !== 'string' || !type.endsWith('Exception')) found.push('4xx without an error name');
    else if (PROXY_FAULTS.has(type)) found.push(`answered ${type} (the proxy's own failure)`);
  } else if (NEVER_SUCCEEDS.has(call.op)) found.push(`accepted: ${answer.status}`);
  return found;
}

/** Each call's answers, as "<op> <status> <error name>". */
const seen = new Set<string>();
const answerType = (text: string): string => {
  try {
    return String((JSON.parse(text) as { __type?: unknown }).__type ?? '');
  } catch {
    return '';
  }
};

describe('fuzz: the passkey calls on the local Cognito', () => {
  it(`answers ${RUNS} malformed or foreign calls with Cognito's 4xx errors, never a 5xx or a crash`, async () => {
    await fc.assert(
      fc.asyncProperty(calls(parties), async (call) => {
        const answer = await send(call);
        seen.add(`${call.op} ${answer.status} ${answerType(answer.text)}`);
        const found = problems(call, answer);
        if (found.length)
          throw new Error(
            `${call.op} ${call.body.slice(0, 300)}: ${found.join('; ')}: ${answer.text.slice(0, 300)}`,
          );
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The run reached each call's own checks, not only the parsing of its body.
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'StartWebAuthnRegistration 200 ',
        'StartWebAuthnRegistration 400 NotAuthorizedException',
        'CompleteWebAuthnRegistration 400 InvalidParameterException',
        'ListWebAuthnCredentials 400 InvalidParameterException',
        'DeleteWebAuthnCredential 400 ResourceNotFoundException',
        'RespondToAuthChallenge 400 NotAuthorizedException',
      ]),
    );
    // The proxy still answers, the victim keeps their passkey, the attacker has registered none.
    const calls2 = passkeyCalls(() => ({ cognito: alone.cognito, client: alone.client }));
    const victims = await calls2.list(parties.victimToken);
    expect(victims.Credentials?.map((c) => c.CredentialId)).toEqual([parties.victimCredentialId]);
    expect((await calls2.list(parties.attackerToken)).Credentials).toEqual([]);
  });

  it('has a check that fails: a 500 and a proxy fault are reported', () => {
    const call = { op: 'DeleteWebAuthnCredential', body: '{}' };
    expect(problems(call, { status: 500, text: '{}' })).toContain('answered 500');
    expect(problems(call, { status: 400, text: '{"__type":"InternalErrorException"}' })).toEqual([
      "answered InternalErrorException (the proxy's own failure)",
    ]);
    expect(problems(call, { status: 200, text: '{}' })).toEqual(['accepted: 200']);
  });
});
