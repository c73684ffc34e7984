import { describe, expect, it } from "vitest";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { getShellSummary } from "@/lib/dashboard/get-shell-summary";
import { createSignedInUser } from "../support/users";

async function addContacts(workspaceId: string, n: number) {
  await db.insert(contacts).values(
    Array.from({ length: n }, (_, i) => ({
      workspaceId,
      name: `C${i}`,
      email: `c${i}-${workspaceId}@example.com`,
    })),
  );
}

describe("getShellSummary", () => {
  it("counts only the workspace's own contacts and reports reminder usage for quota plans", async () => {
    const { workspace } = await createSignedInUser({
      planType: "starter",
      remindersQuota: 500,
      remindersUsedCurrentPeriod: 42,
      billingPeriodStart: new Date("2026-12-07T10:32:00Z"),
      billingPeriodEnd: new Date("2027-01-07T10:32:00Z"),
    });
    const { workspace: other } = await createSignedInUser();
    await addContacts(workspace.id, 3);
    await addContacts(other.id, 2);
    expect(await getShellSummary(workspace)).toEqual({
      planType: "starter",
      contactsUsed: 3,
      contactsLimit: 100,
      remindersUsed: 42,
      remindersQuota: 500,
      periodStart: new Date("2026-12-07T10:32:00Z"),
      periodEnd: new Date("2027-01-07T10:32:00Z"),
      creditBalanceCents: null,
    });
  });

  it("shows credits bought on a subscription plan next to its quota, and none when the balance is 0", async () => {
    const { workspace } = await createSignedInUser({ planType: "starter", paygCreditBalance: 5250 });
    expect(await getShellSummary(workspace)).toMatchObject({ remindersQuota: 50, creditBalanceCents: 5250 });
    const { workspace: empty } = await createSignedInUser({ planType: "starter", paygCreditBalance: 0 });
    expect((await getShellSummary(empty)).creditBalanceCents).toBeNull();
  });

  it("gives pay-as-you-go its credit balance in cents", async () => {
    const { workspace } = await createSignedInUser({ planType: "payg", paygCreditBalance: 1234 });
    const summary = await getShellSummary(workspace);
    expect(summary.creditBalanceCents).toBe(1234);
    expect(summary.contactsUsed).toBe(0);
  });
});
