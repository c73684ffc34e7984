import { describe, expect, it } from "vitest";
import { applyCreditChange } from "@/lib/credits/apply-credit-change";
import { LEDGER_PAGE_SIZE, listCreditLedger } from "@/lib/credits/list-credit-ledger";
import { db } from "@/lib/db";
import { ledgerPageSchema } from "@/lib/validations/billing-page";
import { createSignedInUser } from "../../support/users";

describe("credit ledger pages", () => {
  it("lists the workspace's own entries newest first, a page at a time", async () => {
    const { user, workspace } = await createSignedInUser();
    const { workspace: other } = await createSignedInUser();
    await applyCreditChange(db, {
      workspaceId: other.id,
      cents: 500,
      reason: "purchase",
      idempotencyKey: `o-${other.id}`,
    });
    await applyCreditChange(db, {
      workspaceId: workspace.id,
      cents: 2000,
      reason: "purchase",
      idempotencyKey: `p-${user.id}`,
    });
    for (let i = 0; i < LEDGER_PAGE_SIZE + 2; i++) {
      await applyCreditChange(db, {
        workspaceId: workspace.id,
        cents: -1,
        reason: "delivery",
        idempotencyKey: `d-${user.id}-${i}`,
      });
    }
    const first = await listCreditLedger(db, workspace.id, 1);
    expect(first.entries).toHaveLength(LEDGER_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.entries[0].reason).toBe("delivery");
    const second = await listCreditLedger(db, workspace.id, 2);
    expect(second.hasMore).toBe(false);
    expect(second.entries.map((e) => [e.reason, e.amountCents])).toEqual([
      ["delivery", -1],
      ["delivery", -1],
      ["purchase", 2000],
    ]);
  });

  it("reads a bad page parameter as the first page", () => {
    expect(ledgerPageSchema.parse("3")).toBe(3);
    expect(ledgerPageSchema.parse("0")).toBe(1);
    expect(ledgerPageSchema.parse("abc")).toBe(1);
    expect(ledgerPageSchema.parse(undefined)).toBe(1);
  });
});
