import fc from 'fast-check';
import type { Bff } from '../support/bff';
import { useStack as shareStack } from '../rounds/round';
import { Accept, Assign, Validate } from './colleague';
import { CognitoChangeEmail, CognitoDeleteUser } from './cognito';
import { exclude, type Cmd } from './command';
import { KNOWN_DEFECTS } from './known-defects';
import { Model } from './model';
import { PriceChange, SupportLookup, SupportRefund, TwoFactorOff } from './operator';
import {
  BillingDetails,
  Buy,
  Cancel,
  DeleteAccount,
  GuaranteeRefund,
  KeepRenewing,
  QuoteThenAdd,
  Remove,
  Resume,
  UpdateCard,
} from './subscriber';
import { CardAboutToExpire, DeclinedRenewal, NextRenewal } from './time';
import { World } from './world';

// The lifecycle run: fast-check draws sequences of every actor's commands (fc.commands), plays each on
// a fresh account of the shared local stack against the model (fc.asyncModelRun), and on a failure
// shrinks the sequence and reports it with the seed and path that replay it.

const i = fc.nat({ max: 20 });

/** Every actor's commands, by name. */
const COMMANDS: Record<string, fc.Arbitrary<Cmd>> = {
  buy: fc.integer({ min: 1, max: 3 }).map((n) => new Buy(n)),
  'quote then add': fc.integer({ min: 1, max: 2 }).map((n) => new QuoteThenAdd(n)),
  remove: fc.tuple(i, i).map(([a, b]) => new Remove(a, b)),
  'keep renewing': fc.tuple(fc.boolean(), i).map(([all, a]) => new KeepRenewing(all, a)),
  cancel: fc.constant(new Cancel()),
  resume: fc.constant(new Resume()),
  'update card': fc.constant(new UpdateCard()),
  'billing details': fc.tuple(fc.nat({ max: 2 }), fc.boolean()).map(([a, e]) => new BillingDetails(a, e)),
  'guarantee refund': fc.constant(new GuaranteeRefund()),
  'delete account': fc.constant(new DeleteAccount()),
  'assign to colleague': i.map((a) => new Assign(a)),
  'colleague accepts': fc.constant(new Accept()),
  validate: fc.tuple(i, fc.nat({ max: 2 })).map(([a, pc]) => new Validate(a, pc)),
  'support refund': fc.constant(new SupportRefund()),
  'support lookup': fc.constant(new SupportLookup()),
  'support turns off two-factor': fc.constant(new TwoFactorOff()),
  'price change': fc.constantFrom(2000, 2500).map((n) => new PriceChange(n)),
  'clock to the next renewal': fc.constant(new NextRenewal()),
  'declined renewal': fc.constant(new DeclinedRenewal()),
  'card about to expire': fc.constant(new CardAboutToExpire()),
  'Cognito DeleteUser with own token': fc.constant(new CognitoDeleteUser()),
  'Cognito UpdateUserAttributes email with own token': fc.constant(new CognitoChangeEmail()),
};

/**
 * How often each is drawn, against 2 for the rest: what changes licenses most, more often; deleting
 * ends a run, and a price change runs the operator's script in a process of its own (about 15 s).
 */
const WEIGHTS: Record<string, number> = {
  'quote then add': 4,
  remove: 4,
  validate: 4,
  'delete account': 1,
  'price change': 1,
};

type Details = fc.RunDetails<[number, Iterable<fc.AsyncCommand<Model, World>>]>;

export interface LifecycleOptions {
  runs: number;
  seed: number;
  maxCommands: number;
  /** Known defects (known-defects.ts, by name) whose commands are left out. */
  exclude: readonly string[];
  /** Reports the first failure as found, without shrinking it (a quicker look). */
  noShrink?: boolean;
  /** Replays one failure: fast-check's path from a report. */
  path?: string;
}

export async function lifecycle(bff: Bff, o: LifecycleOptions): Promise<Details> {
  shareStack(bff);
  const unknown = o.exclude.filter((n) => !KNOWN_DEFECTS.some((d) => d.name === n));
  if (unknown.length) throw new Error(`LIFECYCLE_EXCLUDE names no known defect: ${unknown.join(', ')}`);
  exclude(KNOWN_DEFECTS.filter((d) => o.exclude.includes(d.name)));
  const arbs = Object.entries(COMMANDS).map(([name, arbitrary]) => ({
    arbitrary,
    weight: WEIGHTS[name] ?? 2,
  }));
  const commands = fc.commands([fc.oneof(...arbs)], { maxCommands: o.maxCommands, size: 'max' });
  // Each run starts as a subscriber of 1 to 3 licenses (most commands need a subscription).
  let played = 0;
  const property = fc.asyncProperty(fc.integer({ min: 1, max: 3 }), commands, async (count, cmds) => {
    // A long run says how far it got (shrinking a failure plays runs too).
    if (++played % 20 === 0) console.log(`lifecycle: ${played} runs played`);
    const world = await World.start(bff);
    const model = new Model(world.owner.email);
    try {
      await new Buy(count).run(model, world);
      world.trace(`run: buy(${count}) then ${cmds.toString()}`);
      await fc.asyncModelRun(() => ({ model, real: world }), cmds);
    } finally {
      // Later runs move the shared clock: a subscription left renewing would cost each of them
      // its renewals' webhooks.
      if (model.sub && model.inForce)
        await bff.stripe.subscriptions.cancel(model.sub.id).catch(() => undefined);
    }
  });
  return fc.check(property, {
    numRuns: o.runs,
    seed: o.seed,
    path: o.path,
    endOnFailure: o.noShrink ?? false,
  });
}

/** fast-check's report: the seed, the path that replays the failure, the shrunk commands. */
export function report(details: Details): string | null {
  const message = fc.defaultReportMessage(details);
  if (!message) return null;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : '';
  return `${message}\n\nThe last command of the shrunk sequence failed with:\n${error}`;
}
