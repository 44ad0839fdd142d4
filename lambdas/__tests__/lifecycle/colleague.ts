import type { HeldLicense } from '../../endpoints/get-held-licenses/contract';
import { Cmd, expectThat, nth } from './command';
import type { Model } from './model';
import type { World } from './world';

// A colleague: the subscriber gives them a license, they accept it (it shows among the licenses held
// on their account page) and validate it on their machines, as the desktop application does.

export class Assign extends Cmd {
  name = 'assign to colleague';
  constructor(readonly i: number) {
    super();
  }
  args = () => String(this.i);
  allowed = (m: Readonly<Model>) => m.paid && !m.deleted && m.licenses.length > 0;
  async act(m: Model, w: World) {
    const s = m.current;
    const colleague = await w.getColleague();
    const l = nth(m.licenses, this.i);
    const res = await w.call('PUT', 'assign-license', {
      body: { customerId: s.customerId, subscriptionId: s.id, licenseKey: l.key, email: colleague.email },
    });
    // The same license to the same person again within a minute is refused (the key was just mailed).
    const since = Date.now() - (l.assignedAt ?? 0);
    if (l.assignee === colleague.email && since < 65_000) {
      const refused = res.status === 429 && res.body.error?.code === 'TOO_MANY_ATTEMPTS';
      expectThat(refused || since > 55_000, `assign-license again at once answered ${res.status}, not 429`);
      if (refused) return;
    }
    // A person holds one license of a subscription at most.
    if (m.licenses.some((x) => x !== l && x.assignee === colleague.email)) {
      const code = res.body.error?.code;
      expectThat(
        res.status === 409 && code === 'ALREADY_HOLDS_LICENSE',
        `assign-license answered ${res.status} ${code ?? ''}, not 409 ALREADY_HOLDS_LICENSE`,
      );
      return;
    }
    expectThat(res.status === 200, `assign-license answered ${res.status}`);
    m.colleague = colleague.email;
    l.assignee = colleague.email;
    l.assignedAt = Date.now();
    m.expect(colleague.email, 'assigned');
  }
}

/** The colleague opens their account: the licenses given to them, and whether they work now. */
export class Accept extends Cmd {
  name = 'colleague accepts';
  args = () => '';
  allowed = (m: Readonly<Model>) => m.colleague !== null;
  async act(m: Model, w: World) {
    const colleague = await w.getColleague();
    const held = (await w.ok('GET', 'get-held-licenses', { user: colleague, query: { uid: colleague.uid } }))
      .licenses as HeldLicense[];
    const want = m.licenses.filter((l) => l.assignee === colleague.email);
    const got = held.map((h) => `${h.key}${h.expirationDate === 'NONE' ? ' renewing' : ''}`).sort();
    const wanted = want.map((l) => `${l.key}${l.renewing ? ' renewing' : ''}`).sort();
    expectThat(
      JSON.stringify(got) === JSON.stringify(wanted),
      `get-held-licenses shows ${JSON.stringify(got)}, the model ${JSON.stringify(wanted)}`,
    );
    for (const h of held)
      expectThat(h.paidFor === m.paid, `held license ${h.key} paidFor ${h.paidFor}, the model ${m.paid}`);
  }
}

/**
 * Its holder (the colleague it was given to, else the subscriber) checks a license on a machine:
 * valid exactly while it is in force and paid for. Any license the run ever had, ended ones too.
 */
export class Validate extends Cmd {
  name = 'validate';
  constructor(
    readonly i: number,
    readonly machine: number,
  ) {
    super();
  }
  args = () => `${this.i} on PC ${this.machine}`;
  allowed = (m: Readonly<Model>) => (m.sub?.licenses.length ?? 0) > 0;
  async act(m: Model, w: World) {
    const l = nth(m.current.licenses, this.i);
    const user = l.assignee ? await w.getColleague() : w.owner;
    const res = await w.call('POST', 'validate-license', {
      user,
      body: { key: l.key, machine: w.machine(user.email, this.machine) },
    });
    const expected = l.inForce && m.paid && !m.deleted;
    // The owner's own token after deletion: whatever it answers, it must not validate.
    expectThat(
      (res.status === 200 && res.body.valid === true) === expected,
      `validate-license answered ${res.status} valid=${String(res.body.valid)} ${String(res.body.code)}; the model says ${expected ? 'valid' : 'not valid'}`,
    );
    if (expected) m.used = true;
  }
}
