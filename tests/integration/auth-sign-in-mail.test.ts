import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setOutboxSettings } from "@/lib/outbox/outbox-enabled";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { freePort } from "@/lib/db/embedded";
import { startSmtpSink, type SmtpSink } from "./../support/smtp-sink";

// The sign-in form's server action outside Next.js: its request headers and cookie jar.
const jar = new Map<string, string>();
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "localhost:3000", "x-forwarded-proto": "http" }),
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
  }),
}));

const { requestMagicLink } = await import("@/lib/actions/request-magic-link");

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  return () => sink.close();
});
afterEach(() => {
  setSmtpUrl(undefined);
  setOutboxSettings(undefined);
  closeMail();
});

function form(email: string) {
  const data = new FormData();
  data.set("email", email);
  return data;
}

/** The action's outcome: its state, or where it redirected. */
async function submit(email: string) {
  try {
    return { state: await requestMagicLink({}, form(email)) };
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? "";
    if (digest.startsWith("NEXT_REDIRECT")) return { redirect: digest.split(";")[2] };
    throw error;
  }
}

describe("asking for a sign-in link", () => {
  it("sends it and goes to the check-email page when mail works", async () => {
    setSmtpUrl(sink.url);
    const email = `works-${Date.now()}@example.com`;
    expect(await submit(email)).toEqual({ redirect: "/sign-in/check-email" });
    expect(sink.messages.some((m) => m.to.includes(email))).toBe(true);
  });

  it("without a mailer (production, no SMTP_URL) says it could not send, and nothing is left unhandled", async () => {
    setOutboxSettings({ nodeEnv: "production", devOutbox: false, appUrl: "https://remindful.example" });
    const unhandled: unknown[] = [];
    const keep = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", keep);
    try {
      expect(await submit(`nomail-${Date.now()}@example.com`)).toEqual({ state: { error: "sendFailed" } });
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off("unhandledRejection", keep);
    }
    expect(unhandled).toEqual([]);
  });

  it("with a mail server that does not answer, says it could not send", async () => {
    setSmtpUrl(`smtp://127.0.0.1:${await freePort()}`);
    expect(await submit(`down-${Date.now()}@example.com`)).toEqual({ state: { error: "sendFailed" } });
  });
});

describe("without a trusted proxy (every caller's address unknown)", () => {
  it("twenty-five strangers asking for links leave a new person's link on its way", async () => {
    setSmtpUrl(sink.url);
    const run = Date.now();
    for (let i = 0; i < 25; i++) {
      expect(await submit(`stranger-${i}-${run}@example.com`), `request ${i + 1}`).toEqual({
        redirect: "/sign-in/check-email",
      });
    }
    const newcomer = `newcomer-${run}@example.com`;
    expect(await submit(newcomer)).toEqual({ redirect: "/sign-in/check-email" });
    expect(sink.messages.some((m) => m.to.includes(newcomer))).toBe(true);
  });
});
