import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { createSignedInMember, createSignedInUser } from "../../support/users";

// The billing page's server actions outside Next.js: the session cookie they read, and the
// cache they refresh.
let sessionToken = "";
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) =>
      name === SESSION_COOKIE && sessionToken ? { name, value: sessionToken } : undefined,
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { completeTestPayment } = await import("@/lib/actions/complete-test-payment");
const { saveAutoRecharge } = await import("@/lib/actions/save-auto-recharge");
const { addSeats } = await import("@/lib/actions/add-seats");
const { openBillingPortal } = await import("@/lib/actions/open-billing-portal");

async function reload(id: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  return row;
}

beforeEach(() => {
  sessionToken = "";
});

describe("billing server actions (demo mode)", () => {
  it("refuse every role but the owner (403 role_forbidden) and change nothing", async () => {
    const { workspace } = await createSignedInUser({
      planType: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: "sub_demo_team",
    });
    for (const role of ["admin", "member", "viewer"] as const) {
      sessionToken = (await createSignedInMember(workspace, role)).sessionToken;
      const results = await Promise.all([
        completeTestPayment({ planType: "payg", creditPackageIndex: 0 }),
        saveAutoRecharge({ enabled: false, packageIndex: 0, thresholdCents: 500 }),
        addSeats({ seats: 2 }),
        openBillingPortal({}),
      ]);
      for (const result of results)
        expect(result).toMatchObject({ ok: false, status: 403, code: "role_forbidden" });
    }
    expect(await reload(workspace.id)).toMatchObject({
      planType: "starter",
      paygCreditBalance: 0,
      extraSeats: 0,
      autoRechargeThresholdCents: null,
    });
  });

  it("let the owner buy, add seats and save auto-recharge for the workspace", async () => {
    const { workspace, sessionToken: token } = await createSignedInUser();
    sessionToken = token;
    expect(await completeTestPayment({ planType: "starter", paymentFrequency: "monthly" })).toMatchObject({
      ok: true,
    });
    expect(await addSeats({ seats: 2 })).toEqual({ ok: true, data: { extraSeats: 2 } });
    expect(await addSeats({ seats: 0 })).toMatchObject({ ok: false, status: 400 });
    expect(await saveAutoRecharge({ enabled: true, packageIndex: 1, thresholdCents: 700 })).toMatchObject({
      ok: true,
    });
    expect(await reload(workspace.id)).toMatchObject({
      planType: "starter",
      extraSeats: 2,
      autoRechargeEnabled: true,
      autoRechargeThresholdCents: 700,
    });
  });
});
