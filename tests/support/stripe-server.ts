import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { env } from "@/lib/env";
import { resetStripeClient } from "@/lib/payments/stripe-client";
import { decodeForm, type FormObject } from "./stripe-form";

export type { FormObject, FormValue } from "./stripe-form";

export interface RecordedRequest {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey?: string;
  authorization?: string;
  /** The Stripe-Version header the client pinned. */
  stripeVersion?: string;
}

type StripeObject = Record<string, unknown> & { id: string };

/** The API version whose shapes this peer speaks; a client pinned to another is refused. */
export const PEER_API_VERSION = "2026-10-28.endive";

const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { type, message, code } }));
}

/**
 * A loopback HTTP peer speaking Stripe's REST shape (form-encoded requests, JSON objects,
 * idempotency keys, Stripe's error envelope) for the endpoints Remindful uses. Every request
 * is recorded so tests can check the parameters the app sent.
 */
export class StripeServer {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, StripeObject>();
  readonly products = new Map<string, StripeObject>();
  readonly prices = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  /** Customers whose saved card is declined off-session. */
  readonly decliningCustomers = new Set<string>();
  private readonly idempotent = new Map<string, { status: number; body: string }>();
  private server?: Server;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Points the app's Stripe client at this server. */
  use(): this {
    Object.assign(env, {
      STRIPE_SECRET_KEY: "sk_test_loopback",
      STRIPE_WEBHOOK_SECRET: "whsec_loopback_secret",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: this.port,
      STRIPE_API_PROTOCOL: "http",
    });
    resetStripeClient();
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  requestsTo(method: string, path: string) {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const bodyText = Buffer.concat(chunks).toString("utf8");
    const params = decodeForm(req.method === "GET" ? url.search.slice(1) : bodyText);
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    this.requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      params,
      idempotencyKey,
      authorization: req.headers.authorization,
      stripeVersion: req.headers["stripe-version"] as string | undefined,
    });
    if (!req.headers.authorization?.startsWith("Bearer sk_")) {
      return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided");
    }
    const version = req.headers["stripe-version"];
    if (version && version !== PEER_API_VERSION) {
      return stripeError(res, 400, "invalid_request_error", `Invalid Stripe API version: ${String(version)}`);
    }
    const cacheKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    const cached = cacheKey ? this.idempotent.get(cacheKey) : undefined;
    if (cached) {
      res.writeHead(cached.status, { "content-type": "application/json", "idempotent-replayed": "true" });
      return res.end(cached.body);
    }
    const { status, body } = this.route(req.method ?? "GET", url.pathname, params);
    const text = JSON.stringify(body);
    if (cacheKey) this.idempotent.set(cacheKey, { status, body: text });
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(text);
  }

  private route(method: string, path: string, p: FormObject): { status: number; body: unknown } {
    const ok = (body: unknown) => ({ status: 200, body });
    const missing = (what: string, id: string) => ({
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such ${what}: '${id}'`,
        },
      },
    });
    const parts = path.split("/").filter(Boolean); // ["v1", resource, id?]
    const [, resource, id, sub] = parts;
    const key = sub ? `${resource}/${id}` : resource;

    if (resource === "customers" && method === "POST" && !id) {
      const customer = {
        id: newId("cus"),
        object: "customer",
        email: p.email ?? null,
        name: p.name ?? null,
        metadata: p.metadata ?? {},
        invoice_settings: { default_payment_method: null },
        created: nowSeconds(),
      };
      this.customers.set(customer.id, customer);
      return ok(customer);
    }
    if (resource === "customers" && method === "GET" && id && sub === "payment_methods") {
      const data = this.customers.has(id)
        ? [
            {
              id: "pm_card_visa",
              object: "payment_method",
              type: "card",
              customer: id,
              card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
            },
          ]
        : [];
      return ok({ object: "list", url: `/v1/customers/${id}/payment_methods`, has_more: false, data });
    }
    if (resource === "customers" && method === "GET" && id) {
      return this.customers.has(id) ? ok(this.customers.get(id)) : missing("customer", id);
    }
    if (resource === "products" && method === "POST" && !id) {
      const product = {
        id: (p.id as string) ?? newId("prod"),
        object: "product",
        active: true,
        name: p.name,
        description: p.description ?? null,
        metadata: p.metadata ?? {},
        created: nowSeconds(),
      };
      if (this.products.has(product.id)) {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "resource_already_exists",
              message: "Product already exists.",
            },
          },
        };
      }
      this.products.set(product.id, product);
      return ok(product);
    }
    if (resource === "products" && id) {
      const product = this.products.get(id);
      if (!product) return missing("product", id);
      if (method === "POST") Object.assign(product, p);
      return ok(product);
    }
    if (resource === "prices" && method === "POST" && !id) return ok(this.createPrice(p));
    if (resource === "prices" && method === "GET" && !id) {
      const keys = (p.lookup_keys as string[] | undefined) ?? [];
      const data = [...this.prices.values()].filter(
        (price) =>
          (keys.length === 0 || keys.includes(price.lookup_key as string)) &&
          (p.active === undefined || String(price.active) === p.active),
      );
      return ok({ object: "list", url: "/v1/prices", has_more: false, data });
    }
    if (resource === "prices" && method === "POST" && id) {
      const price = this.prices.get(id);
      if (!price) return missing("price", id);
      if (p.active !== undefined) price.active = p.active === "true";
      return ok(price);
    }
    if (key === "checkout" && id === "sessions" && method === "POST") {
      const taxError = this.checkoutTaxError(p);
      if (taxError) return taxError;
      const session = {
        id: newId("cs_test"),
        object: "checkout.session",
        url: "",
        status: "open",
        payment_status: "unpaid",
        mode: p.mode,
        customer: p.customer ?? null,
        client_reference_id: p.client_reference_id ?? null,
        metadata: p.metadata ?? {},
        automatic_tax: { enabled: (p.automatic_tax as FormObject | undefined)?.enabled === "true" },
        tax_id_collection: { enabled: (p.tax_id_collection as FormObject | undefined)?.enabled === "true" },
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        created: nowSeconds(),
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      this.sessions.set(session.id, session);
      return ok(session);
    }
    if (key === "billing_portal" && id === "sessions" && method === "POST") {
      const portal = {
        id: newId("bps"),
        object: "billing_portal.session",
        customer: p.customer,
        return_url: p.return_url,
        url: "",
      };
      portal.url = `https://billing.stripe.test/p/session/${portal.id}`;
      return ok(portal);
    }
    if (resource === "payment_intents" && method === "GET" && id) {
      return this.paymentIntents.has(id) ? ok(this.paymentIntents.get(id)) : missing("payment_intent", id);
    }
    if (resource === "subscriptions" && method === "GET" && id) {
      return this.subscriptions.has(id) ? ok(this.subscriptions.get(id)) : missing("subscription", id);
    }
    if (resource === "subscriptions" && method === "POST" && id) {
      const subscription = this.subscriptions.get(id);
      if (!subscription) return missing("subscription", id);
      return this.updateSubscriptionItems(subscription, (p.items as FormObject[] | undefined) ?? []);
    }
    if (resource === "subscriptions" && method === "DELETE" && id) {
      const subscription = this.subscriptions.get(id);
      if (!subscription) return missing("subscription", id);
      if (subscription.status === "canceled") {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              message: "A canceled subscription can only update its cancellation_details and metadata.",
            },
          },
        };
      }
      Object.assign(subscription, { status: "canceled", canceled_at: nowSeconds(), ended_at: nowSeconds() });
      return ok(subscription);
    }
    if (resource === "payment_intents" && method === "POST" && !id) {
      const customer = p.customer as string;
      const intent = {
        id: newId("pi"),
        object: "payment_intent",
        amount: Number(p.amount),
        currency: p.currency,
        customer,
        metadata: p.metadata ?? {},
        status: "succeeded",
      };
      if (this.decliningCustomers.has(customer)) {
        return {
          status: 402,
          body: {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "generic_decline",
              message: "Your card was declined.",
              payment_intent: { ...intent, status: "requires_payment_method" },
            },
          },
        };
      }
      this.paymentIntents.set(intent.id, intent);
      return ok(intent);
    }
    return {
      status: 404,
      body: {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  /**
   * POST /v1/subscriptions/:id with `items`: an item with `id` takes the new quantity, one with
   * `price` is added (billed over the same period as the others), as Stripe's update does.
   */
  private updateSubscriptionItems(subscription: StripeObject, changes: FormObject[]) {
    const list = subscription.items as { data: Record<string, unknown>[] };
    const first = list.data[0] ?? {};
    for (const change of changes) {
      const quantity = Number(change.quantity ?? 1);
      if (change.id) {
        const item = list.data.find((candidate) => candidate.id === change.id);
        if (!item) return this.invalid(`No such subscription item: '${String(change.id)}'`, "items");
        item.quantity = quantity;
        continue;
      }
      const price = this.prices.get(change.price as string);
      if (!price) return this.invalid(`No such price: '${String(change.price)}'`, "items");
      list.data.push({
        id: newId("si"),
        object: "subscription_item",
        quantity,
        current_period_start: first.current_period_start,
        current_period_end: first.current_period_end,
        price,
      });
    }
    return { status: 200, body: subscription };
  }

  private invalid(message: string, param: string) {
    return { status: 400, body: { error: { type: "invalid_request_error", message, param } } };
  }

  /** Stripe's refusals when tax features are asked for an existing customer without saving to it. */
  private checkoutTaxError(p: FormObject): { status: number; body: unknown } | null {
    const update = (p.customer_update as FormObject | undefined) ?? {};
    const invalid = (message: string, param: string) => ({
      status: 400,
      body: { error: { type: "invalid_request_error", message, param } },
    });
    const automaticTax = (p.automatic_tax as FormObject | undefined)?.enabled === "true";
    const taxIds = (p.tax_id_collection as FormObject | undefined)?.enabled === "true";
    if (p.customer && automaticTax && update.address !== "auto" && update.shipping !== "auto") {
      return invalid(
        "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.",
        "customer_update[address]",
      );
    }
    if (p.customer && taxIds && update.name !== "auto") {
      return invalid(
        "tax_id_collection requires updating business name on the customer. To enable tax ID collection for an existing customer, please set `customer_update[name]` to `auto`.",
        "tax_id_collection[enabled]",
      );
    }
    return null;
  }

  private createPrice(p: FormObject): StripeObject {
    const lookupKey = (p.lookup_key as string | undefined) ?? null;
    if (lookupKey && p.transfer_lookup_key === "true") {
      for (const price of this.prices.values()) if (price.lookup_key === lookupKey) price.lookup_key = null;
    }
    const recurring = p.recurring as FormObject | undefined;
    const price = {
      id: newId("price"),
      object: "price",
      active: true,
      currency: p.currency,
      unit_amount: Number(p.unit_amount),
      product: p.product,
      lookup_key: lookupKey,
      metadata: p.metadata ?? {},
      type: recurring ? "recurring" : "one_time",
      recurring: recurring
        ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) }
        : null,
      created: nowSeconds(),
    };
    this.prices.set(price.id, price);
    return price;
  }
}

export async function startStripeServer() {
  return (await new StripeServer().start()).use();
}
