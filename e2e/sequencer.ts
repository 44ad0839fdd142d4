import Sequencer from '@jest/test-sequencer';
import type { Test } from '@jest/test-result';
import { sideBySideOrder, stripeUse } from './groups';

/**
 * The browser tests' order (e2e/run.ts passes it to Jest): Jest's own (longest first, or largest file
 * on a first run), rearranged so that two workers wait on the Stripe lock least (e2e/groups.ts).
 */
export default class SideBySideSequencer extends Sequencer {
  override async sort(tests: Test[]): Promise<Test[]> {
    return sideBySideOrder(await super.sort(tests), (test) => stripeUse(test.path));
  }
}
