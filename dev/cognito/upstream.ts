import { remoteJwks } from '../jwt';
import { CognitoError } from './cognito-error';
import { SERVICE, type Json } from './cognito-rules';
import { UPSTREAM_SECRET_HEADER } from './upstream-secret';

/** cognito-local's JSON API, its errors turned into Cognito's (a CognitoError a client can read). */
export class Upstream {
  constructor(
    private readonly url: string,
    /** The stack's secret, without which cognito-local refuses a call (internal-only.ts). */
    private readonly secret: string,
    /** cognito-local's function name -> the trigger Cognito names in its errors. */
    private readonly triggerNames: Readonly<Record<string, string>> = {},
  ) {}

  async call<T = Json>(target: string, body: Json): Promise<T> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `${SERVICE}.${target}`,
        [UPSTREAM_SECRET_HEADER]: this.secret,
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const json = (text ? JSON.parse(text) : {}) as Json;
    if (res.ok) return json as T;
    const message = typeof json.message === 'string' ? json.message : `${target} failed`;
    if (json.__type === 'UserLambdaValidationException') {
      // cognito-local names the trigger's function ("custom-message failed ..."); Cognito the trigger.
      const [, fn = '', reason = message] = /^(\S+) failed with error ([\s\S]*)$/.exec(message) ?? [];
      const trigger = this.triggerNames[fn];
      throw new CognitoError(json.__type, trigger ? `${trigger} failed with error ${reason}` : message);
    }
    if (res.status < 500 && typeof json.__type === 'string') throw new CognitoError(json.__type, message);
    // cognito-local answers 500 for what it does not support; Amplify would retry a 500.
    if (json.__type === 'CognitoLocal#Unsupported')
      throw new CognitoError('UnsupportedOperationException', message);
    throw new CognitoError('InternalErrorException', message);
  }

  jwks(poolId: string) {
    return remoteJwks(`${this.url}/${poolId}/.well-known/jwks.json`);
  }
}
