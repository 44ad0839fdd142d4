import { changeMark, withChangeMark } from '../change-marks';
import { lapsedSlots, missingOrdinals, removedInStripe, renewedInStripe, surplusSlots } from '../convergence';
import { slot } from './helpers';

// The sync's decision: which slots to create, date or mark expired so the records match Stripe.

const end = '2026-12-01T00:00:00.000Z';

describe('missingOrdinals', () => {
  it('wants the slots already ending plus what Stripe renews, at fixed ordinals', () => {
    expect(missingOrdinals([], 2)).toEqual([0, 1]);
    expect(missingOrdinals([slot(0), slot(1, { expirationDate: end })], 2)).toEqual([2]);
    expect(missingOrdinals([slot(0), slot(1)], 2)).toEqual([]);
  });

  it('fills a gap before adding at the end, and never wants fewer than exist', () => {
    expect(missingOrdinals([slot(0), slot(2)], 3)).toEqual([1]);
    expect(missingOrdinals([slot(0), slot(1), slot(2)], 1)).toEqual([]);
  });
});

describe('surplusSlots', () => {
  it('dates renewing keys beyond what Stripe renews: those asked to be removed first, then the newest', () => {
    const slots = [
      slot(0),
      slot(1, { removalRequested: true }),
      slot(2),
      slot(3),
      slot(4, { expirationDate: end }),
    ];
    expect(surplusSlots(slots, 2).map((s) => s.ordinal)).toEqual([1, 3]);
    expect(surplusSlots(slots, 4)).toEqual([]);
    expect(surplusSlots(slots, 0).map((s) => s.ordinal)).toEqual([1, 3, 2, 0]);
  });
});

describe('removedInStripe', () => {
  it("finds the renewing slots whose removal's change mark Stripe carries", () => {
    const mark = changeMark('key-0001');
    const other = changeMark('key-0002');
    const slots = [slot(0, { removalMark: mark }), slot(1, { removalMark: other }), slot(2)];
    expect(removedInStripe(slots, withChangeMark({}, mark)).map((s) => s.ordinal)).toEqual([0]);
    expect(removedInStripe(slots, {})).toEqual([]);
    const dated = [slot(0, { removalMark: mark, expirationDate: end })];
    expect(removedInStripe(dated, withChangeMark({}, mark))).toEqual([]);
  });
});

describe('lapsedSlots', () => {
  it("marks expired the dated slots whose end Stripe's clock has reached, once", () => {
    const endS = Date.parse(end) / 1000;
    const slots = [
      slot(0),
      slot(1, { expirationDate: end }),
      slot(2, { expirationDate: end, expired: true }),
    ];
    expect(lapsedSlots(slots, endS - 1)).toEqual([]);
    expect(lapsedSlots(slots, endS).map((s) => s.ordinal)).toEqual([1]);
  });
});

describe('renewedInStripe', () => {
  it("finds the slots ending with this period whose renewal's change mark Stripe carries", () => {
    const mark = changeMark('key-0003');
    const metadata = withChangeMark(undefined, mark);
    const slots = [
      slot(0, { expirationDate: end, renewalMark: mark }),
      slot(1, { expirationDate: end, renewalMark: changeMark('key-0004') }),
      slot(2, { expirationDate: end, renewalMark: mark, expired: true }),
      slot(3, { expirationDate: '2026-11-01T00:00:00.000Z', renewalMark: mark }),
      slot(4, { expirationDate: end }),
    ];
    expect(renewedInStripe(slots, metadata, end).map((s) => s.ordinal)).toEqual([0]);
    expect(renewedInStripe(slots, undefined, end)).toEqual([]);
  });
});
