import { Webhook } from "standardwebhooks";
import { expect, test } from "./fixtures";
import { startWebhookReceiver } from "@/tests/support/webhook-receiver";

test("Settings → Developers creates a webhook endpoint, sends a signed test event and shows it in the log", async ({
  page,
  signIn,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    await signIn();
    await page.goto("/settings/developers");
    const section = page.getByTestId("webhooks-section");
    await expect(section.getByText("No endpoints yet.")).toBeVisible();
    await section.getByRole("button", { name: "Add endpoint" }).click();
    await section.getByLabel("Endpoint URL").fill(`${receiver.url}/remindful`);
    await section.getByLabel("Description (optional)").fill("Local receiver");
    await section.getByRole("button", { name: "Create endpoint" }).click();

    const endpoint = section.getByTestId("webhook-endpoint");
    await expect(endpoint.getByText(`${receiver.url}/remindful`)).toBeVisible();
    const secret = (await endpoint.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);

    await endpoint.getByRole("button", { name: "Send test event" }).click();
    const row = endpoint.getByTestId("webhook-log-row").first();
    await expect(async () => {
      await endpoint.getByRole("button", { name: "Refresh" }).click();
      await expect(row).toContainText("Delivered", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText("Test event");
    await expect(row).toContainText("200");

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const event = new Webhook(secret).verify(request.body, request.headers) as { type: string };
    expect(event.type).toBe("webhook.test");
    await expect(row).toContainText(request.headers["webhook-id"]);

    // Send again: the same message, the same webhook-id, a second attempt.
    await row.getByRole("button", { name: "Send again" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.received[1].headers["webhook-id"]).toBe(request.headers["webhook-id"]);
  } finally {
    await receiver.close();
  }
});
