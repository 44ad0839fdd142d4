// The pool's one custom attribute (Cognito names it "custom:" + this), declared in cdk/lib/user-pool-settings.ts
// for the deployed pool and the local one; no app client may write it (client-attributes.ts).
//
// The address the account last proved, kept while a change of address waits for its code (the BFF
// writes it). Cognito's email is the pool's username, so an address an account changed to and never
// confirmed would keep its owner from signing up: the PreSignUp trigger gives such an account this
// address back (lib/unproven-email.ts).
export const LAST_VERIFIED_EMAIL = 'last_verified_email';
