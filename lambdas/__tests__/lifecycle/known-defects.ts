import type { Exclusion } from './command';

// Product defects the lifecycle model found on the code of the day, each being fixed on its own
// branch. The short run in `npm test` leaves out the commands that meet them (LIFECYCLE_EXCLUDE
// names them; `npm run lifecycle` leaves out none unless asked), so the rest stays green. Remove an
// entry once its fix is merged. Never a reason to weaken the model or its checks.

export const KNOWN_DEFECTS: Exclusion[] = [];
