import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape.
export const fuzz: FuzzGenerator = ({ pick, field, licenseKey, machineId, ownMachineId, a }) => ({
  body: { licenseKey: field(licenseKey), machineId },
  own: { licenseKey: pick(...a.licenseKeys), machineId: ownMachineId },
});
