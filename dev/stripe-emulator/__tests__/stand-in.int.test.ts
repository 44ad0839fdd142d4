import { JSDOM } from 'jsdom';
import type Stripe from 'stripe';
import type { StripeEmulator } from '../index';
import { monthlyPrice, start } from './helpers';

/** The part of the stand-in's surface the site uses. */
type Handler = (e: { complete?: boolean; empty?: boolean; brand?: string; error?: { code: string } }) => void;
type CardElement = {
  mount(target: string | HTMLElement): void;
  on(event: string, handler: Handler): void;
  update(options: object): void;
  clear(): void;
  destroy(): void;
};
type ElementsGroup = {
  create(type: string, options?: object): CardElement;
  getElement(type: string | { __elementType: string }): CardElement | null;
};
type Result = {
  paymentIntent?: { id: string; status: string };
  paymentMethod?: { id: string; card: { brand: string; last4: string } };
  error?: { type: string; code?: string; decline_code?: string; message: string };
};
type StandIn = {
  elements(options?: object): ElementsGroup;
  confirmCardPayment(secret: string, data?: object): Promise<Result>;
  createPaymentMethod(data: object): Promise<Result>;
  retrievePaymentIntent(secret: string): Promise<Result>;
  createToken(): Promise<Result>;
  _registerWrapper(info: object): void;
  registerAppInfo(info: object): void;
};
type StandInWindow = Window & {
  Event: typeof Event;
  Stripe: ((pk: string) => StandIn) & { version: string };
  fetch: typeof fetch;
};

let emulator: StripeEmulator;
let stripe: Stripe;
let price: Stripe.Price;
let script: string;

beforeAll(async () => {
  ({ emulator, stripe } = await start());
  price = await monthlyPrice(stripe);
  const res = await fetch(emulator.jsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/javascript');
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  script = await res.text();
});

afterAll(() => emulator.stop());

function page(): { window: StandInWindow; document: Document } {
  const dom = new JSDOM('<!doctype html><body><form><div id="card"></div></form></body>', {
    runScripts: 'outside-only',
    url: 'http://127.0.0.1/checkout',
  });
  const window = dom.window as unknown as StandInWindow;
  // The page's fetch is Node's: the stand-in calls the emulator over real HTTP.
  window.fetch = fetch;
  dom.window.eval(script);
  return { window, document: dom.window.document };
}

function type(window: StandInWindow, input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new window.Event('input', { bubbles: true }));
}

async function incompleteSubscription(): Promise<{ id: string; secret: string }> {
  const customer = await stripe.customers.create({ email: 'browser@example.com' });
  const sub = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id, quantity: 1 }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
  });
  return {
    id: sub.id,
    secret: (sub.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret as string,
  };
}

function mountCard(window: StandInWindow, document: Document) {
  const stripeJs = window.Stripe('pk_test_emulator');
  const elements = stripeJs.elements();
  const card = elements.create('card', { hidePostalCode: true });
  const changes: Parameters<Handler>[0][] = [];
  card.on('change', (e) => changes.push(e));
  card.mount('#card');
  const inputs = [...document.querySelectorAll<HTMLInputElement>('#card input')];
  return { stripeJs, elements, card, changes, inputs };
}

test('the card element mounts labelled inputs and reports changes', async () => {
  const { window, document } = page();
  expect(window.Stripe.version).toBe('endive');
  const { stripeJs, elements, card, changes, inputs } = mountCard(window, document);
  // What @stripe/stripe-js and @stripe/react-stripe-js look for on the Stripe object.
  for (const fn of [
    'elements',
    'createToken',
    'createPaymentMethod',
    'confirmCardPayment',
    '_registerWrapper',
    'registerAppInfo',
  ]) {
    expect(typeof (stripeJs as unknown as Record<string, unknown>)[fn]).toBe('function');
  }
  expect(inputs.map((i) => i.getAttribute('aria-label'))).toEqual([
    'Credit or debit card number',
    'Credit or debit card expiration date',
    'Credit or debit card CVC/CVV',
  ]);
  for (const input of inputs) expect(document.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
  expect(elements.getElement('card')).toBe(card);
  // react-stripe-js looks elements up by component ({ __elementType }); the public types only name strings.
  expect((elements.getElement as (key: unknown) => unknown)({ __elementType: 'card' })).toBe(card);

  const [number, expiry, cvc] = inputs as [HTMLInputElement, HTMLInputElement, HTMLInputElement];
  type(window, number, '4242424242424241');
  expect(number.value).toBe('4242 4242 4242 4241');
  expect(changes.at(-1)?.error?.code).toBe('invalid_number');
  type(window, number, '4242424242424242');
  type(window, expiry, '1234');
  expect(expiry.value).toBe('12 / 34');
  type(window, cvc, '123');
  expect(changes.at(-1)).toMatchObject({ complete: true, empty: false, brand: 'visa', error: undefined });
  card.update({ hidePostalCode: false });
  expect(document.querySelectorAll('#card input')).toHaveLength(4);
  card.clear();
  expect(changes.at(-1)).toMatchObject({ empty: true, complete: false });
  card.destroy();
  expect(elements.getElement('card')).toBeNull();
  expect(document.querySelectorAll('#card input')).toHaveLength(0);
});

test('the card element draws the style it is given, the invalid colour while invalid, and updates', () => {
  const { window, document } = page();
  // The page's own text is white: the inputs, like Stripe's frame, do not inherit it.
  document.body.style.color = '#ffffff';
  const plain = window.Stripe('pk_test_emulator').elements().create('card', { hidePostalCode: true });
  plain.mount('#card');
  const color = (input: Element | undefined) => (input ? window.getComputedStyle(input).color : '');
  expect(color(document.querySelector('#card input') ?? undefined)).toBe('rgb(48, 49, 61)');
  plain.destroy();

  const card = window
    .Stripe('pk_test_emulator')
    .elements()
    .create('card', {
      hidePostalCode: true,
      style: {
        base: { color: '#e6edf3', fontSize: '16px', '::placeholder': { color: '#9fb0bf' } },
        invalid: { color: '#ffaaa6' },
      },
    });
  card.mount('#card');
  const [number, expiry] = [...document.querySelectorAll<HTMLInputElement>('#card input')];
  expect([color(number), color(expiry)]).toEqual(['rgb(230, 237, 243)', 'rgb(230, 237, 243)']);
  expect(number && window.getComputedStyle(number).fontSize).toBe('16px');
  expect(document.querySelector('#card style')?.textContent).toContain('input::placeholder{color:#9fb0bf}');
  if (!number) throw new Error('no number input');
  type(window, number, '4242424242424241');
  expect(color(number)).toBe('rgb(255, 170, 166)');
  type(window, number, '4242424242424242');
  expect(color(number)).toBe('rgb(230, 237, 243)');
  // A change of scheme: react-stripe-js passes the new style to update().
  card.update({ style: { base: { color: '#0d1a24', '::placeholder': { color: '#4d5b68' } } } });
  expect(color(number)).toBe('rgb(13, 26, 36)');
  expect(number.value).toBe('4242 4242 4242 4242');
  expect(document.querySelector('#card style')?.textContent).toContain('input::placeholder{color:#4d5b68}');
});

test('confirmCardPayment pays a subscription, a declined card answers a card error', async () => {
  const { window, document } = page();
  const { stripeJs, inputs, card: payCard } = mountCard(window, document);
  const [number, expiry, cvc] = inputs as [HTMLInputElement, HTMLInputElement, HTMLInputElement];
  const declinedSub = await incompleteSubscription();
  // Submitting an incomplete card never reaches the server.
  const early = await stripeJs.confirmCardPayment(declinedSub.secret, { payment_method: { card: payCard } });
  expect(early.error).toMatchObject({ type: 'validation_error', code: 'incomplete_number' });

  type(window, number, '4000000000000002');
  type(window, expiry, '1234');
  type(window, cvc, '123');
  const declined = await stripeJs.confirmCardPayment(declinedSub.secret, {
    payment_method: { card: payCard, billing_details: { name: 'Ada Lovelace' } },
  });
  expect(declined.error).toMatchObject({
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
  });

  type(window, number, '4242424242424242');
  const paid = await stripeJs.confirmCardPayment(declinedSub.secret, {
    payment_method: { card: payCard, billing_details: { name: 'Ada Lovelace' } },
  });
  expect(paid.paymentIntent?.status).toBe('succeeded');
  const again = await stripeJs.retrievePaymentIntent(declinedSub.secret);
  expect(again.paymentIntent?.status).toBe('succeeded');
  const sub = await stripe.subscriptions.retrieve(declinedSub.id, { expand: ['default_payment_method'] });
  expect(sub.status).toBe('active');
  expect((sub.default_payment_method as Stripe.PaymentMethod).billing_details.name).toBe('Ada Lovelace');

  const created = await stripeJs.createPaymentMethod({
    type: 'card',
    card: payCard,
    billing_details: { name: 'Ada' },
  });
  expect(created.paymentMethod?.card).toMatchObject({ brand: 'visa', last4: '4242' });
  const wrongSecret = await stripeJs.retrievePaymentIntent(
    `${declinedSub.secret.split('_secret_')[0]}_secret_nope`,
  );
  expect(wrongSecret.error?.type).toBe('invalid_request_error');
});

test('@stripe/stripe-js loads the stand-in that is already on the page', async () => {
  const { window } = page();
  const globals = globalThis as unknown as { window?: unknown; document?: unknown };
  globals.window = window;
  globals.document = window.document;
  try {
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    const stripeJs = await loadStripe('pk_test_emulator');
    expect(stripeJs).not.toBeNull();
    expect(typeof stripeJs?.confirmCardPayment).toBe('function');
  } finally {
    delete globals.window;
    delete globals.document;
  }
});
