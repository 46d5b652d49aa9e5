import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  /** Without the query string, e.g. `/v1/subscriptions/sub_fake_3`. */
  path: string;
  /**
   * The request's parameters, wherever the SDK put them (the query string of a GET or DELETE,
   * the form body of a POST), as nested objects and arrays: `items[0][price]=x` is
   * `{ items: [{ price: 'x' }] }`. Values stay strings, as on the wire (`'true'`, `'2999'`).
   */
  body: Obj;
  idempotencyKey?: string;
  authorization?: string;
  /** The `Stripe-Account` header: a call made on a connected account's behalf. */
  stripeAccount?: string;
}

export interface FakeStripeAnswer {
  status?: number;
  body: unknown;
}

type Handler = (req: FakeStripeRequest, match: RegExpExecArray) => FakeStripeAnswer;

export interface FakeStripe {
  port: number;
  /** For `STRIPE_API_URL`. */
  url: string;
  /** Every request received, in order. */
  requests: FakeStripeRequest[];
  /** Answers matching requests with `handler` instead of the defaults; the latest match wins. */
  respond(method: string, pathPattern: RegExp, handler: Handler): void;
  /** Saves a card for a customer, as Stripe.js does when the page confirms a SetupIntent. */
  addCard(customerId: string, card?: { brand?: string; last4?: string }): string;
  /** The objects the default answers keep, by id, to seed or inspect (plain JSON, mutable). */
  store: Map<string, Obj>;
  close(): Promise<void>;
}

/** Stripe's error body, for a `respond` handler: a 402 `card_error` is a declined card. */
export function stripeError(
  status: number,
  type: 'card_error' | 'invalid_request_error' | 'api_error',
  message: string,
  extra: Obj = {},
): FakeStripeAnswer {
  return { status, body: { error: { type, message, ...extra } } };
}

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split('[').map((part) => part.replace(/\]$/, ''));
    let node = root;
    path.forEach((segment, i) => {
      const next = path[i + 1];
      if (next === undefined) node[segment] = value;
      else node = (node[segment] ??= /^\d+$/.test(next) ? [] : {}) as Obj;
    });
  }
  return root;
}

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
const now = () => Math.floor(Date.now() / 1000);
const MONTH_S = 30 * 86_400;

/**
 * A small stand-in for Stripe's API on 127.0.0.1, for the official SDK pointed at it with
 * `host`/`port`/`protocol`. The default answers keep customers, prices, subscriptions,
 * invoices, payment methods and intents in memory, in the shapes of API 2026-10-28, so a test
 * overrides only what it is about (`respond`). Subscriptions start `default_incomplete`; a POST
 * repeated with the same idempotency key replays its first answer, as Stripe does.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const overrides: { method: string; pattern: RegExp; handler: Handler }[] = [];
  const store = new Map<string, Obj>();
  /** Fields Stripe sends only when expanded (`confirmation_secret`, `payments`), by object id. */
  const includable = new Map<string, Obj>();
  const replays = new Map<string, FakeStripeAnswer>();
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_fake_${++counter}`;

  const save = <T extends Obj>(object: T) => (store.set(object.id as string, object), object);
  const get = (id: unknown) => (typeof id === 'string' ? store.get(id) : undefined);
  const missing = (kind: string, id: string) =>
    stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
      code: 'resource_missing',
      param: 'id',
    });

  function expandPath(value: unknown, path: string[]): unknown {
    const [field, ...rest] = path;
    if (field === undefined || value === null || typeof value !== 'object') return value;
    const obj = value as Obj;
    if (field === 'data' && Array.isArray(obj.data))
      return { ...obj, data: obj.data.map((item) => expandPath(item, rest)) };
    const child = field in obj ? obj[field] : includable.get(obj.id as string)?.[field];
    if (child === undefined) return obj;
    return { ...obj, [field]: expandPath(get(child) ?? child, rest) };
  }

  const render = (object: Obj, body: Obj): FakeStripeAnswer => ({
    body: ((body.expand as string[] | undefined) ?? []).reduce<unknown>(
      (value, path) => expandPath(value, path.split('.')),
      object,
    ),
  });

  function newInvoice(sub: Obj, amount: number, reason: string): Obj {
    const intentId = newId('pi');
    const intent = save({
      id: intentId,
      object: 'payment_intent',
      amount,
      currency: 'usd',
      customer: sub.customer,
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_fake`,
      payment_method: null,
      metadata: {},
      last_payment_error: null,
    });
    const item = (sub.items as { data: Obj[] }).data[0]!;
    const invoice = save({
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      currency: 'usd',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      next_payment_attempt: null,
      billing_reason: reason,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      lines: list([], '/v1/invoices/lines'),
      metadata: {},
    });
    includable.set(invoice.id, {
      confirmation_secret: { type: 'payment_intent', client_secret: intent.client_secret },
      payments: list(
        [
          {
            id: newId('inpay'),
            object: 'invoice_payment',
            invoice: invoice.id,
            is_default: true,
            status: 'open',
            amount_requested: amount,
            payment: { type: 'payment_intent', payment_intent: intent.id },
          },
        ],
        `/v1/invoice_payments?invoice=${invoice.id}`,
      ),
    });
    return invoice;
  }

  const defaults: { method: string; pattern: RegExp; handler: Handler }[] = [];
  const route = (method: string, pattern: RegExp, handler: Handler) =>
    defaults.push({ method, pattern, handler });
  const ID = '([^/]+)';
  const re = (path: string) => new RegExp(`^/v1/${path}$`);

  route('POST', re('customers'), ({ body }) => ({
    body: save({
      id: newId('cus'),
      object: 'customer',
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
      created: now(),
    }),
  }));
  route('GET', re(`customers/${ID}`), ({ body }, [, id]) =>
    get(id) ? render(get(id)!, body) : missing('customer', id!),
  );
  route('DELETE', re(`customers/${ID}`), (_req, [, id]) => {
    if (!get(id)) return missing('customer', id!);
    store.delete(id!);
    return { body: { id, object: 'customer', deleted: true } };
  });
  route('POST', re(`customers/${ID}`), ({ body }, [, id]) => {
    const customer = get(id);
    if (!customer) return missing('customer', id!);
    for (const field of ['email', 'name'] as const)
      if (body[field] !== undefined) customer[field] = body[field];
    for (const field of ['metadata', 'invoice_settings'] as const)
      if (body[field]) customer[field] = { ...(customer[field] as Obj), ...(body[field] as Obj) };
    return render(customer, body);
  });
  route('GET', re(`customers/${ID}/payment_methods`), (_req, [, id]) => ({
    body: list(
      [...store.values()].filter((o) => o.object === 'payment_method' && o.customer === id),
      `/v1/customers/${id}/payment_methods`,
    ),
  }));

  route('GET', re('prices'), ({ body }) => {
    const keys = body.lookup_keys as string[] | undefined;
    const prices = [...store.values()].filter(
      (o) => o.object === 'price' && (!keys || keys.includes(o.lookup_key as string)),
    );
    return render(list(prices, '/v1/prices'), body);
  });
  route('POST', re('prices'), ({ body }) => {
    const holder = [...store.values()].find(
      (o) => o.object === 'price' && body.lookup_key && o.lookup_key === body.lookup_key,
    );
    if (holder && body.transfer_lookup_key !== 'true')
      return stripeError(400, 'invalid_request_error', 'A price already uses that lookup key.');
    if (holder) holder.lookup_key = null;
    const data = body.product_data as Obj | undefined;
    const product =
      get(body.product) ??
      save({ id: newId('prod'), object: 'product', active: true, name: data?.name });
    return {
      body: save({
        id: newId('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: body.recurring ? { interval_count: 1, ...(body.recurring as Obj) } : null,
        type: body.recurring ? 'recurring' : 'one_time',
        lookup_key: body.lookup_key ?? null,
        metadata: body.metadata ?? {},
        product: product.id,
      }),
    };
  });

  route('POST', re('subscriptions'), ({ body }) => {
    if (!get(body.customer)) return missing('customer', String(body.customer));
    const id = newId('sub');
    const start = now();
    const items = (body.items as Obj[]).map((item) => ({
      id: newId('si'),
      object: 'subscription_item',
      subscription: id,
      quantity: 1,
      price: get(item.price) ?? ({ id: item.price, metadata: {} } as Obj),
      current_period_start: start,
      current_period_end: start + MONTH_S,
    }));
    const sub = save({
      id,
      object: 'subscription',
      customer: body.customer,
      status: 'incomplete',
      start_date: start,
      created: start,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { reason: null, comment: null, feedback: null },
      default_payment_method: null,
      schedule: null,
      metadata: body.metadata ?? {},
      items: list(items, `/v1/subscription_items?subscription=${id}`),
      latest_invoice: null as unknown,
    });
    const amount = items.reduce((sum, item) => sum + Number(item.price.unit_amount ?? 0), 0);
    sub.latest_invoice = newInvoice(sub, amount, 'subscription_create').id;
    return render(sub, body);
  });
  route('GET', re('subscriptions'), ({ body }) => {
    const status = (body.status as string | undefined) ?? 'not ended';
    const subs = [...store.values()].filter(
      (o) =>
        o.object === 'subscription' &&
        (!body.customer || o.customer === body.customer) &&
        (status === 'all' ||
          o.status === status ||
          (status === 'not ended' && o.status !== 'canceled' && o.status !== 'incomplete_expired')),
    );
    return render(list(subs, '/v1/subscriptions'), body);
  });
  route('GET', re(`subscriptions/${ID}`), ({ body }, [, id]) =>
    get(id) ? render(get(id)!, body) : missing('subscription', id!),
  );
  route('POST', re(`subscriptions/${ID}`), ({ body }, [, id]) => {
    const sub = get(id);
    if (!sub) return missing('subscription', id!);
    const items = (sub.items as { data: Obj[] }).data;
    for (const change of (body.items as Obj[] | undefined) ?? []) {
      const item = items.find((i) => i.id === change.id);
      if (item && change.price)
        item.price = get(change.price) ?? { id: change.price, metadata: {} };
    }
    if (body.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? items[0]?.current_period_end : null;
    }
    if (body.metadata) sub.metadata = { ...(sub.metadata as Obj), ...(body.metadata as Obj) };
    if (body.default_payment_method !== undefined)
      sub.default_payment_method = body.default_payment_method || null;
    return render(sub, body);
  });
  route('DELETE', re(`subscriptions/${ID}`), ({ body }, [, id]) => {
    const sub = get(id);
    if (!sub) return missing('subscription', id!);
    Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
    return render(sub, body);
  });

  // Subscription schedules: made from a subscription (its current period as the one phase), given
  // new phases, released (the subscription carries on as it is, without the schedule).
  route('POST', re('subscription_schedules'), ({ body }) => {
    const sub = get(body.from_subscription);
    if (!sub) return missing('subscription', String(body.from_subscription));
    if (sub.schedule)
      return stripeError(400, 'invalid_request_error', 'The subscription already has a schedule.');
    const item = (sub.items as { data: Obj[] }).data[0]!;
    const period = { start_date: item.current_period_start, end_date: item.current_period_end };
    const schedule = save({
      id: newId('sub_sched'),
      object: 'subscription_schedule',
      customer: sub.customer,
      subscription: sub.id,
      status: 'active',
      end_behavior: 'release',
      current_phase: period,
      phases: [{ ...period, items: [{ price: (item.price as Obj).id, quantity: 1 }] }],
      metadata: {},
      released_subscription: null,
    });
    sub.schedule = schedule.id;
    return render(schedule, body);
  });
  route('GET', re(`subscription_schedules/${ID}`), ({ body }, [, id]) =>
    get(id) ? render(get(id)!, body) : missing('subscription_schedule', id!),
  );
  route('POST', re(`subscription_schedules/${ID}`), ({ body }, [, id]) => {
    const schedule = get(id);
    if (!schedule) return missing('subscription_schedule', id!);
    if (schedule.status !== 'active')
      return stripeError(400, 'invalid_request_error', 'This schedule is no longer active.');
    if (body.phases) schedule.phases = body.phases;
    if (body.end_behavior) schedule.end_behavior = body.end_behavior;
    if (body.metadata)
      schedule.metadata = { ...(schedule.metadata as Obj), ...(body.metadata as Obj) };
    return render(schedule, body);
  });
  route('POST', re(`subscription_schedules/${ID}/release`), ({ body }, [, id]) => {
    const schedule = get(id);
    if (!schedule) return missing('subscription_schedule', id!);
    if (schedule.status !== 'active')
      return stripeError(400, 'invalid_request_error', 'This schedule is no longer active.');
    const sub = get(schedule.subscription);
    if (sub) sub.schedule = null;
    Object.assign(schedule, { status: 'released', released_subscription: schedule.subscription });
    schedule.subscription = null;
    return render(schedule, body);
  });

  route('GET', re(`invoices/${ID}`), ({ body }, [, id]) =>
    get(id) ? render(get(id)!, body) : missing('invoice', id!),
  );
  route('POST', re(`invoices/${ID}/pay`), ({ body }, [, id]) => {
    const invoice = get(id);
    if (!invoice) return missing('invoice', id!);
    if (invoice.status !== 'open')
      return stripeError(400, 'invalid_request_error', 'Invoice is already paid', {
        code: 'invoice_already_paid',
      });
    const parent = invoice.parent as { subscription_details?: Obj } | null;
    const sub = get(parent?.subscription_details?.subscription);
    const customer = get(invoice.customer);
    const pm =
      sub?.default_payment_method ??
      (customer?.invoice_settings as Obj | undefined)?.default_payment_method;
    if (!pm)
      return stripeError(
        400,
        'invalid_request_error',
        'This customer has no default payment method.',
      );
    const payment = (includable.get(invoice.id as string)!.payments as { data: Obj[] }).data[0]!;
    Object.assign(get((payment.payment as Obj).payment_intent)!, {
      status: 'succeeded',
      payment_method: pm,
    });
    payment.status = 'paid';
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
    });
    invoice.attempt_count = Number(invoice.attempt_count) + 1;
    if (sub) sub.status = 'active';
    return render(invoice, body);
  });

  route('POST', re('setup_intents'), ({ body }) => {
    const id = newId('seti');
    return {
      body: save({
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_fake`,
        customer: body.customer ?? null,
        status: 'requires_payment_method',
        usage: body.usage ?? 'off_session',
        payment_method_types: body.payment_method_types ?? ['card'],
        payment_method: null,
      }),
    };
  });
  route('GET', re(`payment_methods/${ID}`), ({ body }, [, id]) =>
    get(id) ? render(get(id)!, body) : missing('payment_method', id!),
  );
  route('POST', re(`payment_methods/${ID}/detach`), ({ body }, [, id]) => {
    const pm = get(id);
    if (!pm) return missing('payment_method', id!);
    pm.customer = null;
    return render(pm, body);
  });

  /**
   * A confirmed intent's charge; a destination charge also makes its application fee and its
   * transfer of the whole amount to the connected account (the fee then comes back from it).
   */
  function newCharge(intent: Obj, body: Obj): string {
    const amount = intent.amount as number;
    const transferData = body.transfer_data as Obj | undefined;
    const destination = transferData?.destination as string | undefined;
    const chargeId = newId('ch');
    const fee =
      body.application_fee_amount !== undefined
        ? save({
            id: newId('fee'),
            object: 'application_fee',
            account: destination ?? null,
            amount: Number(body.application_fee_amount),
            amount_refunded: 0,
            charge: chargeId,
            currency: 'usd',
            refunded: false,
          }).id
        : null;
    const transfer = destination
      ? save({
          id: newId('tr'),
          object: 'transfer',
          amount,
          amount_reversed: 0,
          currency: 'usd',
          destination,
          source_transaction: chargeId,
          reversed: false,
        }).id
      : null;
    save({
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      application_fee: fee,
      application_fee_amount: fee ? Number(body.application_fee_amount) : null,
      currency: 'usd',
      customer: intent.customer,
      disputed: false,
      metadata: intent.metadata,
      paid: true,
      payment_intent: intent.id,
      refunded: false,
      status: 'succeeded',
      transfer,
      transfer_data: destination ? { amount: null, destination } : null,
      created: now(),
    });
    return chargeId;
  }

  route('POST', re('payment_intents'), ({ body }) => {
    const pm = get(body.payment_method);
    if (!pm) return missing('payment_method', String(body.payment_method));
    const id = newId('pi');
    const intent = save({
      id,
      object: 'payment_intent',
      amount: Number(body.amount),
      currency: body.currency,
      customer: body.customer ?? null,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      payment_method: pm.id,
      client_secret: `${id}_secret_fake`,
      status: body.confirm === 'true' ? 'succeeded' : 'requires_confirmation',
      last_payment_error: null,
      latest_charge: null as string | null,
      application_fee_amount:
        body.application_fee_amount === undefined ? null : Number(body.application_fee_amount),
      transfer_data: body.transfer_data ?? null,
    });
    if (intent.status === 'succeeded') intent.latest_charge = newCharge(intent, body);
    return render(intent, body);
  });
  route('GET', re(`payment_intents/${ID}`), ({ body }, [, id]) =>
    get(id) ? render(get(id)!, body) : missing('payment_intent', id!),
  );

  // Refunds of a payment intent's charge, giving back the application fee and reversing the
  // transfer in proportion when asked (`refund_application_fee`, `reverse_transfer`).
  route('POST', re('refunds'), ({ body }) => {
    const intent = get(body.payment_intent);
    if (!intent) return missing('payment_intent', String(body.payment_intent));
    const charge = get(intent.latest_charge);
    if (!charge)
      return stripeError(400, 'invalid_request_error', 'This PaymentIntent has no charge.');
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left)
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    const last = amount === left;
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = last;
    const fee = get(charge.application_fee);
    if (fee && body.refund_application_fee === 'true') {
      const feeLeft = (fee.amount as number) - (fee.amount_refunded as number);
      const part = last
        ? feeLeft
        : Math.round(((fee.amount as number) * amount) / (charge.amount as number));
      fee.amount_refunded = (fee.amount_refunded as number) + part;
      fee.refunded = last;
    }
    const transfer = get(charge.transfer);
    if (transfer && body.reverse_transfer === 'true') {
      transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
      transfer.reversed = last;
    }
    return render(
      save({
        id: newId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: 'usd',
        payment_intent: intent.id,
        reason: body.reason ?? null,
        status: 'succeeded',
        metadata: body.metadata ?? {},
        created: now(),
      }),
      body,
    );
  });
  // A reversal of part of a transfer (a lost dispute), counted in the transfer's `amount_reversed`.
  route('POST', re(`transfers/${ID}/reversals`), ({ body }, [, id]) => {
    const transfer = get(id);
    if (!transfer || transfer.object !== 'transfer') return missing('transfer', id!);
    const left = (transfer.amount as number) - (transfer.amount_reversed as number);
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left)
      return stripeError(
        400,
        'invalid_request_error',
        'You have attempted to reverse more than the amount of this transfer.',
        { param: 'amount' },
      );
    transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
    transfer.reversed = amount === left;
    return render(
      save({
        id: newId('trr'),
        object: 'transfer_reversal',
        amount,
        currency: 'usd',
        transfer: transfer.id,
        destination_payment_refund: null,
        source_refund: null,
        metadata: body.metadata ?? {},
        created: now(),
      }),
      body,
    );
  });
  route('GET', re('disputes'), ({ body }) => ({
    body: list(
      [...store.values()].filter(
        (o) =>
          o.object === 'dispute' &&
          (!body.payment_intent || o.payment_intent === body.payment_intent),
      ),
      '/v1/disputes',
    ),
  }));

  // Connected accounts (Express): created with everything due; the fake onboards none itself, a
  // test sets what it needs through `store`.
  route('POST', re('accounts'), ({ body }) => {
    const id = newId('acct');
    const due = ['external_account', 'individual.first_name', 'tos_acceptance.date'];
    return render(
      save({
        id,
        object: 'account',
        type: body.type ?? 'express',
        country: body.country ?? 'US',
        email: body.email ?? null,
        business_profile: body.business_profile ?? {},
        capabilities: Object.fromEntries(
          Object.keys((body.capabilities as Obj | undefined) ?? {}).map((key) => [key, 'inactive']),
        ),
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: due,
          past_due: due,
          eventually_due: due,
          pending_verification: [],
          disabled_reason: 'requirements.past_due',
          current_deadline: null,
          errors: [],
        },
        settings: { payouts: { schedule: { delay_days: 2, interval: 'daily' } } },
        external_accounts: list([], `/v1/accounts/${id}/external_accounts`),
        metadata: body.metadata ?? {},
        created: now(),
      }),
      body,
    );
  });
  route('GET', re(`accounts/${ID}`), ({ body }, [, id]) =>
    get(id) ? render(get(id)!, body) : missing('account', id!),
  );
  route('POST', re(`accounts/${ID}`), ({ body }, [, id]) => {
    const account = get(id);
    if (!account) return missing('account', id!);
    const schedule = (body.settings as { payouts?: { schedule?: Obj } } | undefined)?.payouts
      ?.schedule;
    if (schedule)
      (account.settings as { payouts: { schedule: Obj } }).payouts.schedule = {
        delay_days: 2,
        ...schedule,
      };
    if (body.metadata)
      account.metadata = { ...(account.metadata as Obj), ...(body.metadata as Obj) };
    return render(account, body);
  });
  route('POST', re('account_links'), ({ body }) => {
    if (!get(body.account)) return missing('account', String(body.account));
    return {
      body: {
        object: 'account_link',
        created: now(),
        expires_at: now() + 300,
        url: `https://connect.stripe.com/setup/e/${String(body.account)}/fake`,
      },
    };
  });
  // A connected account's balance (`Stripe-Account` header): its transfers, less the fees taken
  // back and what was reversed, pending (the fake never makes funds available).
  route('GET', re('balance'), ({ stripeAccount }) => {
    const held = [...store.values()]
      .filter((o) => o.object === 'transfer' && o.destination === stripeAccount)
      .reduce((sum, transfer) => {
        const charge = get(transfer.source_transaction);
        const fee = get(charge?.application_fee);
        const feeKept = fee ? (fee.amount as number) - (fee.amount_refunded as number) : 0;
        return sum + (transfer.amount as number) - (transfer.amount_reversed as number) - feeKept;
      }, 0);
    return {
      body: {
        object: 'balance',
        livemode: false,
        available: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
        pending: [{ amount: held, currency: 'usd', source_types: { card: held } }],
      },
    };
  });

  function answer(req: FakeStripeRequest): FakeStripeAnswer {
    for (const candidates of [overrides, defaults])
      for (const { method, pattern, handler } of candidates) {
        const match = method === req.method ? pattern.exec(req.path) : null;
        if (match) return handler(req, match);
      }
    return stripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${req.method}: ${req.path}).`,
    );
  }

  async function readRequest(message: IncomingMessage): Promise<FakeStripeRequest> {
    const chunks: Buffer[] = [];
    for await (const chunk of message) chunks.push(chunk as Buffer);
    const url = new URL(message.url ?? '/', 'http://fake-stripe');
    const header = (name: string) => message.headers[name] as string | undefined;
    return {
      method: message.method ?? 'GET',
      path: url.pathname,
      body: {
        ...parseStripeForm(url.search.slice(1)),
        ...parseStripeForm(Buffer.concat(chunks).toString()),
      },
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
      stripeAccount: header('stripe-account'),
    };
  }

  const server = createServer((message, response) => {
    void readRequest(message).then((req) => {
      requests.push(req);
      const key = req.method === 'POST' ? req.idempotencyKey : undefined;
      let result: FakeStripeAnswer;
      try {
        result = (key && replays.get(key)) || answer(req);
      } catch (error) {
        result = stripeError(500, 'api_error', `fake-stripe: ${String(error)}`);
      }
      if (key && !replays.has(key)) replays.set(key, result);
      response.writeHead(result.status ?? 200, {
        'content-type': 'application/json',
        'request-id': `req_fake_${++counter}`,
        // A fake's 500 is a bug in the test, not something the SDK should try again.
        'stripe-should-retry': 'false',
      });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    store,
    respond(method, pathPattern, handler) {
      overrides.unshift({ method: method.toUpperCase(), pattern: pathPattern, handler });
    },
    addCard(customerId, card = {}) {
      return save({
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        customer: customerId,
        card: {
          brand: card.brand ?? 'visa',
          last4: card.last4 ?? '4242',
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 2,
          funding: 'credit',
          country: 'US',
        },
        billing_details: { address: null, email: null, name: null, phone: null },
        metadata: {},
        created: now(),
      }).id;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
