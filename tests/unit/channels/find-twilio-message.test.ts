import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  // The loopback API's address, once it listens (beforeAll).
  apiBase: "",
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

/** A loopback Twilio API: each request gets the next page of `bodies`; `asked` records the URLs. */
let bodies: unknown[] = [];
let asked: string[] = [];
const server = http.createServer((request, response) => {
  asked.push(`${config.apiBase}${request.url}`);
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify(bodies[asked.length - 1]));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  config.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The pages the API answers with, in order; returns what it was asked. */
function pages(...answers: unknown[]) {
  bodies = answers;
  asked = [];
  return asked;
}

describe("findTwilioMessage pages", () => {
  const nextPage = "/2010-04-01/Accounts/AC/Messages.json?Page=1";
  it.each([
    ["a path", () => nextPage],
    ["an absolute URI on the API's host", () => `${config.apiBase}${nextPage}`],
  ])("follows %s", async (_, next) => {
    const asked = pages(
      { messages: [message("SM1", "other")], next_page_uri: next() },
      { messages: [message("SM2", "Hi")], next_page_uri: null },
    );
    await expect(findTwilioMessage(config, lookup)).resolves.toBe("SM2");
    expect(asked[1]).toBe(`${config.apiBase}${nextPage}`);
  });

  it("never asks another host, and fails for good rather than retrying", async () => {
    const asked = pages({ messages: [], next_page_uri: "https://elsewhere.test/Messages.json?Page=1" });
    const error = await findTwilioMessage(config, lookup).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).transient).toBe(false);
    expect(asked).toHaveLength(1);
  });
});
