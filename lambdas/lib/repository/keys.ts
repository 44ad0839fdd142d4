// Item keys of the one table. Everything a user owns sits in their partition so that a single Query
// finds it (get-licenses) and delete-customer can remove it all.

export const userPk = (uid: string): string => `USER#${uid}`;
export const ACCOUNT_SK = 'ACCOUNT';
export const LICENSE_PREFIX = 'LICENSE#';
/** Zero-padded so slots sort by ordinal; a subscription never has anywhere near 10000 licenses. */
export const licenseSk = (subscriptionId: string, ordinal: number): string =>
  `${LICENSE_PREFIX}${subscriptionId}#${String(ordinal).padStart(4, '0')}`;
export const licensePrefix = (subscriptionId: string): string => `${LICENSE_PREFIX}${subscriptionId}#`;
/** The per-account lease that serialises changes to the subscription (lambdas/money/lease.ts). */
export const LEASE_SK = 'LEASE';
/** A user action's idempotency record (lambdas/money/action-record.ts). */
export const idempotencySk = (key: string): string => `IDEMPOTENCY#${key}`;
export const eventPk = (eventId: string): string => `EVENT#${eventId}`;
export const EVENT_SK = 'EVENT';
export const recoverPk = (code: string): string => `RECOVER#${code}`;
export const RECOVER_SK = 'RECOVER';
/** A pointer in the user's partition to each of their recovery codes (found by recovery and deletion). */
export const USER_RECOVER_PREFIX = 'RECOVER#';
export const userRecoverSk = (code: string): string => `${USER_RECOVER_PREFIX}${code}`;
/** A recovery asking Cognito for its new-password mail (lambdas/lib/repository/recovery-codes.ts). */
export const RECOVERY_RESET_SK = 'RECOVERY_RESET';
/** An account's counter of one limit in one window (lambdas/lib/repository/quotas.ts). */
export const userQuotaSk = (limit: string, window: string): string => `QUOTA#${limit}#${window}`;
/** Mails sent to one address, keyed by a hash of it so the table keeps no address for this. */
export const recipientPk = (addressHash: string): string => `MAILTO#${addressHash}`;
export const recipientQuotaSk = (window: string): string => `QUOTA#${window}`;
/** A mail about one event, sent at most once (lambdas/lib/repository/sent-mails.ts). */
export const sentMailSk = (mailId: string): string => `MAIL#${mailId}`;
/** A refund under the satisfaction guarantee, in the user's partition (repository/guarantee.ts). */
export const GUARANTEE_PREFIX = 'GUARANTEE#';
export const guaranteeSk = (subscriptionId: string): string => `${GUARANTEE_PREFIX}${subscriptionId}`;
/** A household's last refund under the guarantee, by a hash of the card, address or account (money/households.ts). */
export const householdPk = (key: string): string => `HOUSEHOLD#${key}`;
export const HOUSEHOLD_SK = 'GUARANTEE';
/** A deleted account, by a hash of its address (repository/deletions.ts). */
export const deletionPk = (addressHash: string): string => `DELETED#${addressHash}`;
export const DELETION_SK = 'DELETED';
/** The version of the terms a buyer accepted for a subscription (repository/terms-acceptance.ts). */
export const termsSk = (subscriptionId: string): string => `TERMS#${subscriptionId}`;
