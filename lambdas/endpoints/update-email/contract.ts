import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/** PUT /api/update-email: changes the caller's address after checking the current password. */
export const updateEmail = contract<{ email: string }>()({
  method: 'PUT',
  path: '/api/update-email',
  handler: 'update-email',
  auth: 'jwt',
  body: z.strictObject({
    uid: fields.uid,
    oldEmail: fields.email,
    newEmail: fields.email,
    currentPassword: fields.password,
  }),
});
