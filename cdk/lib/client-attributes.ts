// The user attributes the app client may write with a user's own tokens (SignUp's UserAttributes,
// UpdateUserAttributes, DeleteUserAttributes): the one list CDK gives the client (auth.ts) and the local
// Cognito proxy enforces (dev/cognito/setup.ts creates the local client with it).
//
// Not email: the address changes only through the BFF (PUT /api/update-email, with the password check,
// the recovery mail, the end of every session and the Stripe update), which writes it with an admin
// call. Sign-up still sets it: the pool's usernames are email addresses, and Cognito copies the username
// into the email attribute, so SignUp sends no email attribute (sending one would be refused).
// The list is not empty because an empty list reads as "not set", which lets the client write every
// standard attribute; `locale` is one nothing in the product reads.
export const CLIENT_WRITE_ATTRIBUTES = ['locale'] as const;
