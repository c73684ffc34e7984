import { afterEach, describe, expect, it, vi } from "vitest";
import { setTwilioConfig, twilioConfig, twilioSender } from "@/lib/channels/twilio-config";
import { isOurSender } from "@/lib/replies/is-our-sender";

afterEach(() => {
  vi.unstubAllEnvs();
  setTwilioConfig(undefined);
});

function configure(whatsappFrom: string) {
  vi.stubEnv("TWILIO_ACCOUNT_SID", `AC${"1".repeat(32)}`);
  vi.stubEnv("TWILIO_AUTH_TOKEN", "token");
  vi.stubEnv("TWILIO_WHATSAPP_FROM", whatsappFrom);
  setTwilioConfig(undefined);
}

describe("TWILIO_WHATSAPP_FROM", () => {
  it.each(["+14155238886", "whatsapp:+14155238886"])("reads %s as the bare number", (value) => {
    configure(value);
    expect(twilioConfig()?.whatsappFrom).toBe("+14155238886");
    expect(twilioSender("whatsapp")?.key).toBe("whatsapp:+14155238886");
    // Quick-reply answers are matched on the `To` Twilio posts, always `whatsapp:` + the number.
    expect(isOurSender("whatsapp", "whatsapp:+14155238886")).toBe(true);
  });
});
