/**
 * A stand-in for Stripe.js (browser code, bundled by serve.ts). It offers what the site's
 * @stripe/react-stripe-js card form uses: Stripe(pk), elements(), create('card') with real
 * inputs, confirmCardPayment, createPaymentMethod, retrievePaymentIntent, and no-op hooks that
 * @stripe/stripe-js and react-stripe-js call. It talks to the emulator with the publishable key.
 */
import { CardElement, type Obj } from './card-element';

declare const __STRIPE_EMULATOR_URL__: string;

type ApiError = {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  [key: string]: unknown;
};
type Answer<K extends string> = { [P in K]: Obj } | { error: ApiError };

function encode(value: unknown, prefix: string, out: string[]): void {
  if (value === undefined || value === null) return;
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Obj)) encode(v, prefix ? `${prefix}[${k}]` : k, out);
    return;
  }
  out.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`);
}

function form(data: Obj): string {
  const out: string[] = [];
  encode(data, '', out);
  return out.join('&');
}

class Elements {
  private elements = new Map<string, CardElement>();

  constructor(private options: Obj) {}

  create(type: string, options: Obj = {}): CardElement {
    if (type !== 'card') {
      throw new Error(
        `The emulator's Stripe.js stand-in supports the 'card' Element only (asked for '${type}').`,
      );
    }
    const existing = this.elements.get(type);
    if (existing && !existing.destroyed) throw new Error(`Can only create one Element of type ${type}.`);
    const element = new CardElement(options);
    this.elements.set(type, element);
    return element;
  }

  /** Takes a type or a react-stripe-js component (which carries `__elementType`). */
  getElement(type: string | { __elementType?: string }): CardElement | null {
    const name = typeof type === 'string' ? type : type?.__elementType;
    const element = name ? this.elements.get(name) : undefined;
    return element && !element.destroyed ? element : null;
  }

  update(options: Obj): void {
    this.options = { ...this.options, ...options };
  }

  fetchUpdates(): Promise<Obj> {
    return Promise.resolve({});
  }

  submit(): Promise<Obj> {
    return Promise.resolve({});
  }
}

function intentId(clientSecret: string): string {
  return clientSecret.split('_secret_')[0] ?? '';
}

class StripeStandIn {
  private elementsGroups: Elements[] = [];

  constructor(private readonly key: string) {}

  private async call(
    method: 'GET' | 'POST',
    path: string,
    data: Obj,
  ): Promise<{ ok: true; body: Obj } | { ok: false; error: ApiError }> {
    const body = form({ ...data, key: this.key });
    try {
      const res =
        method === 'GET'
          ? await fetch(`${__STRIPE_EMULATOR_URL__}${path}?${body}`)
          : await fetch(`${__STRIPE_EMULATOR_URL__}${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body,
            });
      const json = (await res.json()) as Obj;
      if (res.ok) return { ok: true, body: json };
      return { ok: false, error: json.error as ApiError };
    } catch (err) {
      return { ok: false, error: { type: 'api_connection_error', message: (err as Error).message } };
    }
  }

  elements(options: Obj = {}): Elements {
    const elements = new Elements(options);
    this.elementsGroups.push(elements);
    return elements;
  }

  private cardFor(data: Obj | undefined): CardElement | undefined {
    const pm = data?.payment_method;
    const card = (typeof pm === 'object' && pm !== null ? (pm as Obj).card : data?.card) as unknown;
    return card instanceof CardElement ? card : undefined;
  }

  private paymentMethodData(element: CardElement, billing: unknown): { error: ApiError } | { data: Obj } {
    const details = element.cardData();
    if ('error' in details) return { error: details.error };
    const billingDetails = { ...((billing as Obj | undefined) ?? {}) };
    if (details.postal) {
      billingDetails.address = {
        ...((billingDetails.address as Obj | undefined) ?? {}),
        postal_code: details.postal,
      };
    }
    return { data: { type: 'card', card: details.card, billing_details: billingDetails } };
  }

  async confirmCardPayment(clientSecret: string, data: Obj = {}): Promise<Answer<'paymentIntent'>> {
    const params: Obj = { client_secret: clientSecret };
    const element = this.cardFor(data);
    if (element) {
      const pmd = this.paymentMethodData(element, (data.payment_method as Obj).billing_details);
      if ('error' in pmd) return { error: pmd.error };
      params.payment_method_data = pmd.data;
    } else if (typeof data.payment_method === 'string') {
      params.payment_method = data.payment_method;
    }
    if (typeof data.setup_future_usage === 'string') params.setup_future_usage = data.setup_future_usage;
    const res = await this.call('POST', `/v1/payment_intents/${intentId(clientSecret)}/confirm`, params);
    return res.ok ? { paymentIntent: res.body } : { error: res.error };
  }

  async createPaymentMethod(data: Obj): Promise<Answer<'paymentMethod'>> {
    const element = this.cardFor(data);
    if (!element) {
      return {
        error: {
          type: 'invalid_request_error',
          message: 'The stand-in creates card payment methods from a card Element.',
        },
      };
    }
    const pmd = this.paymentMethodData(element, data.billing_details);
    if ('error' in pmd) return { error: pmd.error };
    const res = await this.call('POST', '/v1/payment_methods', { ...pmd.data, metadata: data.metadata });
    return res.ok ? { paymentMethod: res.body } : { error: res.error };
  }

  async retrievePaymentIntent(clientSecret: string): Promise<Answer<'paymentIntent'>> {
    const res = await this.call('GET', `/v1/payment_intents/${intentId(clientSecret)}`, {
      client_secret: clientSecret,
    });
    return res.ok ? { paymentIntent: res.body } : { error: res.error };
  }

  handleCardAction(clientSecret: string): Promise<Answer<'paymentIntent'>> {
    return this.retrievePaymentIntent(clientSecret);
  }

  private unsupported(name: string): Promise<{ error: ApiError }> {
    return Promise.resolve({
      error: {
        type: 'invalid_request_error',
        message: `${name} is not offered by the emulator's Stripe.js stand-in.`,
      },
    });
  }

  createToken(): Promise<{ error: ApiError }> {
    return this.unsupported('createToken');
  }

  confirmCardSetup(): Promise<{ error: ApiError }> {
    return this.unsupported('confirmCardSetup');
  }

  confirmPayment(): Promise<{ error: ApiError }> {
    return this.unsupported('confirmPayment');
  }

  // Hooks @stripe/stripe-js and @stripe/react-stripe-js call to report themselves: nothing to do.
  _registerWrapper(): void {}

  registerAppInfo(): void {}
}

type StripeConstructor = ((key: string, options?: Obj) => StripeStandIn) & { version: string };

const Stripe = ((key: string) => {
  if (typeof key !== 'string' || !/^pk_test_/.test(key)) {
    throw new Error('The emulator only accepts test publishable keys (pk_test_...).');
  }
  return new StripeStandIn(key);
}) as StripeConstructor;
// @stripe/stripe-js compares this to the release train it expects and warns on a mismatch.
Stripe.version = 'endive';

(window as unknown as { Stripe: StripeConstructor }).Stripe = Stripe;
