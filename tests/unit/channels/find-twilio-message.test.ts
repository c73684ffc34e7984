import { afterEach, describe, expect, it, vi } from "vitest";
import { findTwilioMessage } from "@/lib/channels/find-twilio-message";
import type { TwilioConfig } from "@/lib/channels/twilio-config";
import { ChannelError } from "@/lib/channels/types";

const config: TwilioConfig = {
  accountSid: `AC${"1".repeat(32)}`,
  authToken: "token",
  smsFrom: "+15005550006",
  whatsappTemplates: {},
  smsMps: 1,
  whatsappMps: 1,
  validityPeriod: 14_400,
  timeoutMs: 1_000,
  apiBase: "https://api.twilio.test",
};
const since = new Date("2026-01-01T10:00:00Z");
const lookup = { to: "+34600000001", from: "+15005550006", body: "Hi", since, taken: async () => false };
const message = (sid: string, body: string) => ({
  sid,
  to: lookup.to,
  from: lookup.from,
  body,
  direction: "outbound-api",
  date_created: "Thu, 01 Jan 2026 10:00:30 +0000",
  messaging_service_sid: null,
});

/** Answers each requested URL with the next page; records what was asked. */
function pages(...bodies: unknown[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string) => {
      asked.push(String(url));
      return new Response(JSON.stringify(bodies[asked.length - 1]), { status: 200 });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("findTwilioMessage pages", () => {
  it.each([
    ["a path", "/2010-04-01/Accounts/AC/Messages.json?Page=1"],
    ["an absolute URI on the API's host", "https://api.twilio.test/2010-04-01/Accounts/AC/Messages.json?Page=1"],
  ])("follows %s", async (_, next) => {
    const asked = pages(
      { messages: [message("SM1", "other")], next_page_uri: next },
      { messages: [message("SM2", "Hi")], next_page_uri: null },
    );
    await expect(findTwilioMessage(config, lookup)).resolves.toBe("SM2");
    expect(asked[1]).toBe("https://api.twilio.test/2010-04-01/Accounts/AC/Messages.json?Page=1");
  });

  it("never asks another host, and fails for good rather than retrying", async () => {
    const asked = pages({ messages: [], next_page_uri: "https://elsewhere.test/Messages.json?Page=1" });
    const error = await findTwilioMessage(config, lookup).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).transient).toBe(false);
    expect(asked).toHaveLength(1);
  });
});
