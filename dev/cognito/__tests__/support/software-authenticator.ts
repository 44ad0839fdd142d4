import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A passkey authenticator in software, for tests: a P-256 key from node:crypto, "none" attestation,
// the authenticator data and CBOR encoding of the WebAuthn spec. It answers the options Cognito hands
// out (CredentialCreationOptions, CREDENTIAL_REQUEST_OPTIONS) as a browser would, as the JSON the
// site sends on (RegistrationResponseJSON, AuthenticationResponseJSON). The knobs let a test play a
// page of another site, an authenticator that does not verify its user, or one that replays.

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** User present, user verified, attested credential data included (WebAuthn, "Authenticator Data"). */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface Ceremony {
  /** The page's origin, as the browser writes it in clientDataJSON. */
  origin: string;
  /** The relying party the authenticator hashes into its data (the options' by default). */
  rpId?: string;
  /** Whether it verified its user (fingerprint, PIN). */
  userVerified?: boolean;
  /** The signature counter to report (one more than last time by default). */
  counter?: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  private userHandle = '';

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: String(jwk.x), y: String(jwk.y) };
  }

  /** The counter it last reported on its own. */
  get signCount(): number {
    return this.counter;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The counter to report: a test's own (which the authenticator does not keep), or one more. */
  private nextCounter(ceremony: Ceremony): number {
    if (ceremony.counter !== undefined) return ceremony.counter;
    this.counter += 1;
    return this.counter;
  }

  /** navigator.credentials.create() for these options, serialized as a RegistrationResponseJSON. */
  create(options: CreationOptions, ceremony: Ceremony) {
    const rpId = ceremony.rpId ?? options.rp.id ?? new URL(ceremony.origin).hostname;
    this.userHandle = options.user.id;
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const flags = FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(rpId, flags, this.nextCounter(ceremony), attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: ceremony.origin,
      crossOrigin: false,
    });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get() for these options, serialized as an AuthenticationResponseJSON string. */
  get(options: RequestOptions, ceremony: Ceremony): string {
    const rpId = ceremony.rpId ?? options.rpId ?? new URL(ceremony.origin).hostname;
    const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(rpId, flags, this.nextCounter(ceremony));
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: ceremony.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
    });
  }
}
