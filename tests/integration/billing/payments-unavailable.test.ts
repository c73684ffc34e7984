import { afterEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { POST as createCheckout } from "@/app/api/create-checkout-session/route";
import { env } from "@/lib/env";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

const saved = { NODE_ENV: env.NODE_ENV, key: env.STRIPE_SECRET_KEY, demo: env.STRIPE_DEMO_CHECKOUT };
afterEach(() => {
  env.NODE_ENV = saved.NODE_ENV;
  env.STRIPE_SECRET_KEY = saved.key;
  env.STRIPE_DEMO_CHECKOUT = saved.demo;
});

const paymentsOfHealth = async () => ((await (await health()).json()) as { payments: string }).payments;

describe("payments without Stripe", () => {
  it("health reports them: configured with a key, the demo checkout outside production, else not configured", async () => {
    env.STRIPE_SECRET_KEY = "sk_test_health";
    expect(await paymentsOfHealth()).toBe("configured");
    env.STRIPE_SECRET_KEY = undefined;
    expect(await paymentsOfHealth()).toBe("demo");
    env.NODE_ENV = "production";
    expect(await paymentsOfHealth()).toBe("not_configured");
    env.STRIPE_DEMO_CHECKOUT = true;
    expect(await paymentsOfHealth()).toBe("demo");
  });

  it("a production checkout without a key is refused with a code the page can translate", async () => {
    const { cookie } = await createSignedInUser();
    env.STRIPE_SECRET_KEY = undefined;
    env.NODE_ENV = "production";
    const res = await callRoute(createCheckout, "/api/create-checkout-session", {
      method: "POST",
      cookie,
      body: { planType: "starter", paymentFrequency: "monthly" },
    });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ code: "payments_not_configured" });
  });
});
