import { syncStripeCatalogue } from "@/lib/payments/sync-stripe-catalogue";
import { getStripe, isStripeConfigured } from "@/lib/payments/stripe-client";

// npm run stripe:sync: creates or updates Stripe's products and prices from config/plans.ts.
if (!isStripeConfigured()) {
  console.error("STRIPE_SECRET_KEY is not set: nothing to sync.");
  process.exit(1);
}
const report = await syncStripeCatalogue(getStripe());
console.log(
  `Products created: ${report.productsCreated.length}, updated: ${report.productsUpdated.length}; ` +
    `prices created: ${report.pricesCreated.length}, unchanged: ${report.pricesUnchanged.length}`,
);
for (const key of report.pricesCreated) console.log(`  + ${key}`);
