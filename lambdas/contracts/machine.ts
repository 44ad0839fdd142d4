import * as z from 'zod/mini';
import { fields, freeText } from './fields';

/** A machine as the desktop application describes itself to validate-license. */
export const machineSchema = z.strictObject({
  id: fields.machineId,
  /** The computer's name, as the user knows it ("Ada's MacBook"). */
  name: freeText(100),
  platform: z.enum(['windows', 'macos']),
  appVersion: z.string().check(z.regex(/^[0-9A-Za-z.+-]{1,32}$/)),
});

export type MachineInfo = z.infer<typeof machineSchema>;

/** A machine that uses a license, as get-machines and a MACHINE_LIMIT refusal show it. */
export interface MachineView {
  id: string;
  name: string;
  platform: MachineInfo['platform'];
  appVersion: string;
  /** ISO 8601: the first check that admitted it. */
  firstSeen: string;
  /** ISO 8601: its last check. */
  lastSeen: string;
  /** ISO 8601: its offline statement runs out then (7 days after its last check, or the license's end). */
  validUntil: string;
}
