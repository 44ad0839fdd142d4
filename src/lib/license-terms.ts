// How the site states the license's price and the computers a license may be used on, from the
// settings alone: the price from siteConfig.licensePriceUsd (the local Stripe price is made from it, and
// a deploy checks Stripe's against it), the machine limit from the deployment's setting (by default
// there is none: "unlimited devices with the same key"). Content says
// {{licensePrice}}, {{licenseComputers}} and {{machineLimitNote}}; pages call these functions.

/** Machines one license may be used on at once; null: no limit. */
export type MachineLimit = number | null;

/** '$15', or '$15.50' for a price with cents. */
export function formatUsd(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** Where a license's one user may use it: "as many of their own computers as they like", or the limit. */
export function licenseComputers(limit: MachineLimit): string {
  if (limit === null) return 'as many of their own computers as they like';
  if (limit === 1) return 'one of their own computers at a time';
  return `up to ${limit} of their own computers at once`;
}

/** Said where signing a computer out is explained: why it matters with a limit; nothing without one. */
function machineLimitNote(limit: MachineLimit): string {
  if (limit === null) return '';
  return (
    `A license is used on at most ${limit} ${limit === 1 ? 'computer' : 'computers'} at once, so when the ` +
    'app says all its places are taken, signing an old computer out frees its place at once.'
  );
}

/** The machines that use a license, as its row and the Devices list count them: "2 computers", or "2 of 3". */
export function machineCount(count: number, limit: MachineLimit): string {
  if (limit !== null) return `${count} of ${limit}`;
  return `${count} ${count === 1 ? 'computer' : 'computers'}`;
}

/** The Devices section's rule. */
export function devicesRule(limit: MachineLimit): string {
  if (limit === null) return "A license works on all of its user's own computers, with no limit on how many.";
  return `A license works on up to ${limit} ${limit === 1 ? 'computer' : 'computers'} at once.`;
}

interface LicenseSettings {
  licensePriceUsd: number;
  machineLimit: MachineLimit;
}

/** The license facts content refers to, from the site config. */
export function licenseFacts(config: LicenseSettings) {
  return {
    licensePrice: formatUsd(config.licensePriceUsd),
    licenseComputers: licenseComputers(config.machineLimit),
    machineLimitNote: machineLimitNote(config.machineLimit),
  };
}
