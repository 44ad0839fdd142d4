import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';

/**
 * POST /api/finish-passkey-removal ({ accessToken }): removes every passkey of the caller when support
 * asked for it (a request is pending), with the caller's own Cognito access token (Cognito has no admin
 * call for passkeys), then clears the request. `removed`: how many passkeys this call removed (0 when
 * nothing was pending, or another call removed them first).
 */
export const finishPasskeyRemoval = contract<{ removed: number }>()({
  method: 'POST',
  path: '/api/finish-passkey-removal',
  handler: 'finish-passkey-removal',
  auth: 'jwt',
  body: z.strictObject({
    // A JWT: three base64url parts (Cognito's access tokens are a few kilobytes at most).
    accessToken: z
      .string()
      .check(z.maxLength(8192), z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)),
  }),
});
