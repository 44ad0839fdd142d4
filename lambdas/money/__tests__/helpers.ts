import type { LicenseSlot } from '../../lib/repository/licenses';

/** A license slot with what a test does not care about filled in. */
export const slot = (ordinal: number, fields: Partial<LicenseSlot> = {}): LicenseSlot => ({
  uid: 'u1',
  subscriptionId: 'sub_1',
  ordinal,
  licenseKey: `KEY-${ordinal}`,
  expirationDate: 'NONE',
  expired: false,
  machines: [],
  machinesVersion: 0,
  holderChanges: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  sk: `LICENSE#sub_1#${String(ordinal).padStart(4, '0')}`,
  ...fields,
});
