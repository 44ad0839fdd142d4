// The card Element of the Stripe.js stand-in (stand-in.ts): real inputs for number, expiry, CVC and
// postal code, the events react-stripe-js listens to, and the card data the stand-in sends.
import {
  checkCard,
  digits,
  formatExpiry,
  formatNumber,
  parseExpiry,
  submitError,
  type CardValues,
  type ValidationError,
} from './card-validation';

export type Handler = (payload: unknown) => void;
export type Obj = { [key: string]: unknown };

/** The part of Stripe.js's Style object the stand-in draws: text colour, placeholder colour, font. */
interface Variant {
  color?: string;
  fontFamily?: string;
  fontSize?: string;
  fontWeight?: string | number;
  '::placeholder'?: { color?: string };
}

/** Text as Stripe's frame draws it when given no style: dark, whatever the page's colours. */
const DEFAULT_COLOR = '#30313d';
const DEFAULT_PLACEHOLDER = '#87898f';

let uid = 0;

export class CardElement {
  readonly elementType = 'card';
  private container: HTMLDivElement | null = null;
  private placeholderRule: HTMLStyleElement | null = null;
  private inputs: Record<'number' | 'expiry' | 'cvc' | 'postal', HTMLInputElement> | null = null;
  private handlers = new Map<string, Set<Handler>>();
  private blurred = false;
  destroyed = false;

  constructor(private options: Obj) {}

  private emit(event: string, payload: unknown): void {
    for (const h of this.handlers.get(event) ?? []) h(payload);
  }

  on(event: string, handler: Handler): this {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }

  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  once(event: string, handler: Handler): this {
    const wrapped: Handler = (p) => {
      this.off(event, wrapped);
      handler(p);
    };
    return this.on(event, wrapped);
  }

  private get withPostal(): boolean {
    return this.options.hidePostalCode !== true;
  }

  values(): CardValues {
    const i = this.inputs;
    return {
      number: i?.number.value ?? '',
      expiry: i?.expiry.value ?? '',
      cvc: i?.cvc.value ?? '',
      postal: i?.postal.value ?? '',
    };
  }

  /** Validation error to report when paying, or the card details for the API. */
  cardData(): { error: ValidationError } | { card: Obj; postal: string } {
    const values = this.values();
    const error = submitError(values, this.withPostal);
    if (error) return { error };
    const expiry = parseExpiry(values.expiry) as { month: number; year: number };
    return {
      card: {
        number: digits(values.number),
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: digits(values.cvc),
      },
      postal: values.postal.trim(),
    };
  }

  private field(
    name: string,
    label: string,
    attrs: { placeholder: string; autocomplete: string; inputmode: string; maxlength: number },
  ): { wrap: HTMLElement; input: HTMLInputElement } {
    const id = `stripe-emulator-${name}-${++uid}`;
    const wrap = document.createElement('span');
    wrap.className = `StripeEmulator-field StripeEmulator-${name}`;
    const labelEl = document.createElement('label');
    labelEl.htmlFor = id;
    labelEl.textContent = label;
    // Visually hidden: the site draws its own "Card" label, the inputs stay named for assistive tech.
    labelEl.style.cssText =
      'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);border:0;';
    const input = document.createElement('input');
    input.id = id;
    input.name = name;
    input.type = 'text';
    input.setAttribute('aria-label', label);
    input.placeholder = attrs.placeholder;
    input.setAttribute('autocomplete', attrs.autocomplete);
    input.inputMode = attrs.inputmode;
    input.maxLength = attrs.maxlength;
    input.style.cssText =
      'border:0;outline:0;background:transparent;font:inherit;color:inherit;padding:0;min-width:0;';
    wrap.append(labelEl, input);
    return { wrap, input };
  }

  private render(): HTMLDivElement {
    const box = document.createElement('div');
    box.className = 'StripeElement StripeElement--empty';
    box.id = `stripe-emulator-card-${++uid}`;
    box.style.cssText = 'display:flex;gap:8px;align-items:center;';
    // Placeholders are styled by a rule (no inline style reaches ::placeholder), scoped to this box.
    this.placeholderRule = document.createElement('style');
    box.append(this.placeholderRule);
    const number = this.field('cardnumber', 'Credit or debit card number', {
      placeholder: '1234 1234 1234 1234',
      autocomplete: 'cc-number',
      inputmode: 'numeric',
      maxlength: 23,
    });
    number.wrap.style.flex = '3';
    const expiry = this.field('exp-date', 'Credit or debit card expiration date', {
      placeholder: 'MM / YY',
      autocomplete: 'cc-exp',
      inputmode: 'numeric',
      maxlength: 7,
    });
    const cvc = this.field('cvc', 'Credit or debit card CVC/CVV', {
      placeholder: 'CVC',
      autocomplete: 'cc-csc',
      inputmode: 'numeric',
      maxlength: 4,
    });
    const postal = this.field('postal', 'ZIP', {
      placeholder: 'ZIP',
      autocomplete: 'postal-code',
      inputmode: 'text',
      maxlength: 10,
    });
    for (const f of [expiry, cvc, postal]) f.wrap.style.flex = '1';
    box.append(number.wrap, expiry.wrap, cvc.wrap);
    if (this.withPostal) box.append(postal.wrap);
    this.inputs = { number: number.input, expiry: expiry.input, cvc: cvc.input, postal: postal.input };
    number.input.addEventListener('input', () => {
      number.input.value = formatNumber(number.input.value);
      this.changed();
    });
    expiry.input.addEventListener('input', (e) => {
      const deleting = (e as InputEvent).inputType?.startsWith('delete');
      if (!deleting) expiry.input.value = formatExpiry(expiry.input.value);
      this.changed();
    });
    cvc.input.addEventListener('input', () => {
      cvc.input.value = digits(cvc.input.value).slice(0, 4);
      this.changed();
    });
    postal.input.addEventListener('input', () => this.changed());
    box.addEventListener('focusin', (e) => {
      if (!box.contains((e as FocusEvent).relatedTarget as Node | null)) {
        box.classList.add('StripeElement--focus');
        this.emit('focus', { elementType: 'card' });
      }
    });
    box.addEventListener('focusout', (e) => {
      if (!box.contains((e as FocusEvent).relatedTarget as Node | null)) {
        box.classList.remove('StripeElement--focus');
        this.blurred = true;
        this.changed();
        this.emit('blur', { elementType: 'card' });
      }
    });
    box.addEventListener('keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Escape') this.emit('escape', { elementType: 'card' });
    });
    this.applyDisabled();
    return box;
  }

  /**
   * Draws the `style` option as Stripe.js does inside its frame: the base variant, with the invalid one
   * over it while the input is invalid. The frame inherits nothing from the page, and neither do the
   * inputs here: without a style, the text is Stripe's dark default in either scheme.
   */
  private applyStyle(): void {
    const box = this.container;
    if (!box || !this.inputs) return;
    const style = (this.options.style ?? {}) as { base?: Variant; invalid?: Variant };
    const invalid = box.classList.contains('StripeElement--invalid');
    const v: Variant = { ...style.base, ...(invalid ? style.invalid : {}) };
    for (const input of Object.values(this.inputs)) {
      input.style.color = v.color ?? DEFAULT_COLOR;
      input.style.fontFamily = v.fontFamily ?? 'inherit';
      input.style.fontSize = v.fontSize ?? 'inherit';
      input.style.fontWeight = v.fontWeight === undefined ? 'inherit' : String(v.fontWeight);
    }
    const placeholder = v['::placeholder']?.color ?? style.base?.['::placeholder']?.color;
    if (this.placeholderRule)
      this.placeholderRule.textContent = `#${box.id} input::placeholder{color:${placeholder ?? DEFAULT_PLACEHOLDER}}`;
  }

  private applyDisabled(): void {
    for (const input of Object.values(this.inputs ?? {})) input.disabled = this.options.disabled === true;
  }

  private changed(): void {
    const values = this.values();
    const state = checkCard(values, this.withPostal);
    // Like Stripe.js: "incomplete" is only an error once the person has left the field.
    const error =
      state.error && (this.blurred || !state.error.code.startsWith('incomplete')) ? state.error : undefined;
    const box = this.container;
    if (box) {
      box.classList.toggle('StripeElement--empty', state.empty);
      box.classList.toggle('StripeElement--complete', state.complete);
      box.classList.toggle('StripeElement--invalid', !!error);
      this.applyStyle();
    }
    this.emit('change', {
      elementType: 'card',
      empty: state.empty,
      complete: state.complete,
      error,
      brand: state.brand,
      value: { postalCode: values.postal },
    });
  }

  mount(target: string | HTMLElement): void {
    if (this.destroyed) throw new Error('This Element has already been destroyed. Please create a new one.');
    const node = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!node) throw new Error(`The selector you specified (${String(target)}) applies to no DOM elements.`);
    this.unmount();
    this.container = this.render();
    this.applyStyle();
    node.appendChild(this.container);
    setTimeout(() => this.emit('ready', { elementType: 'card' }), 0);
  }

  unmount(): void {
    this.container?.remove();
    this.container = null;
  }

  destroy(): void {
    this.unmount();
    this.destroyed = true;
    this.handlers.clear();
  }

  update(options: Obj): void {
    const postalBefore = this.withPostal;
    this.options = { ...this.options, ...options };
    this.applyDisabled();
    this.applyStyle();
    const parent = this.container?.parentElement;
    if (parent && postalBefore !== this.withPostal) {
      const values = this.values();
      this.mount(parent);
      if (this.inputs) {
        this.inputs.number.value = values.number;
        this.inputs.expiry.value = values.expiry;
        this.inputs.cvc.value = values.cvc;
        this.inputs.postal.value = values.postal;
      }
    }
  }

  focus(): void {
    this.inputs?.number.focus();
  }

  blur(): void {
    const active = document.activeElement;
    if (active instanceof HTMLElement && this.container?.contains(active)) active.blur();
  }

  clear(): void {
    for (const input of Object.values(this.inputs ?? {})) input.value = '';
    this.blurred = false;
    this.changed();
  }
}
