import "server-only";
import type Stripe from "stripe";
import { cataloguePrices, catalogueProducts, type CataloguePrice } from "./catalogue";

export interface SyncReport {
  productsCreated: string[];
  productsUpdated: string[];
  pricesCreated: string[];
  pricesUnchanged: string[];
}

const isMissing = (error: unknown) => (error as { code?: string })?.code === "resource_missing";

function priceMatches(price: Stripe.Price, wanted: CataloguePrice): boolean {
  const product = typeof price.product === "string" ? price.product : price.product.id;
  if (product !== wanted.productId || price.unit_amount !== wanted.unitAmount || price.currency !== "usd") {
    return false;
  }
  if (wanted.intervalMonths === null) return price.recurring === null;
  return price.recurring?.interval === "month" && price.recurring.interval_count === wanted.intervalMonths;
}

/**
 * Makes Stripe's products and prices match config/plans.ts. Products have our own ids; prices
 * are found by lookup key. Prices cannot change amount in Stripe, so a changed one is created
 * anew and takes the lookup key over. Running it again with no change creates nothing.
 */
export async function syncStripeCatalogue(stripe: Stripe): Promise<SyncReport> {
  const report: SyncReport = {
    productsCreated: [],
    productsUpdated: [],
    pricesCreated: [],
    pricesUnchanged: [],
  };
  for (const product of catalogueProducts()) {
    try {
      const existing = await stripe.products.retrieve(product.id);
      if (existing.name !== product.name || !existing.active) {
        await stripe.products.update(product.id, { name: product.name, active: true });
        report.productsUpdated.push(product.id);
      }
    } catch (error) {
      if (!isMissing(error)) throw error;
      await stripe.products.create({ id: product.id, name: product.name, metadata: { source: "remindful" } });
      report.productsCreated.push(product.id);
    }
  }
  const wanted = cataloguePrices();
  const existing = new Map<string, Stripe.Price>();
  // The list endpoint takes at most 10 lookup keys per call.
  for (let i = 0; i < wanted.length; i += 10) {
    const keys = wanted.slice(i, i + 10).map((price) => price.lookupKey);
    const page = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 100 });
    for (const price of page.data) if (price.lookup_key) existing.set(price.lookup_key, price);
  }
  for (const price of wanted) {
    const current = existing.get(price.lookupKey);
    if (current && priceMatches(current, price)) {
      report.pricesUnchanged.push(price.lookupKey);
      continue;
    }
    await stripe.prices.create({
      product: price.productId,
      currency: "usd",
      unit_amount: price.unitAmount,
      lookup_key: price.lookupKey,
      transfer_lookup_key: true,
      metadata: { source: "remindful" },
      ...(price.intervalMonths
        ? { recurring: { interval: "month", interval_count: price.intervalMonths } }
        : {}),
    });
    if (current) await stripe.prices.update(current.id, { active: false });
    report.pricesCreated.push(price.lookupKey);
  }
  return report;
}
