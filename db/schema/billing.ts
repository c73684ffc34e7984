import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { createdAt } from "./columns";
import { LEDGER_REASONS } from "./enums";
import { workspaces } from "./workspaces";

/** Every change to a pay-as-you-go balance, in cents; the idempotency key makes each apply once. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    reason: text().notNull(),
    idempotencyKey: text().notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_ledger_workspace_idx").on(t.workspaceId, t.createdAt.desc()),
    check("credit_ledger_reason_check", oneOf(t.reason, LEDGER_REASONS)),
    check("credit_ledger_amount_check", sql`${t.amountCents} <> 0`),
  ],
);

/** Stripe event ids already applied: a replayed or concurrent duplicate finds its id here. */
export const stripeEvents = pgTable("stripe_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: createdAt(),
});
