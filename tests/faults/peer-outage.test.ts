import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { seedDue, sinkGrace, spawnWorker, waitUntil } from "@/tests/support/bench-kit";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import {
  startTwilioSink,
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  type TwilioSink,
} from "@/tests/support/twilio-sink";

const N = 300;
let smtp: SmtpSink;
let twilio: TwilioSink;
let client: pg.Client;

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilio = await startTwilioSink();
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  await smtp.close();
  await twilio.close();
});

it("SMTP and Twilio failing, then not answering, for 30 s: every occurrence delivered once afterwards", async () => {
  const worker = spawnWorker({
    DATABASE_URL: process.env.DATABASE_URL!,
    SMTP_URL: smtp.url,
    TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
    TWILIO_SMS_FROM: "+15005550006",
    TWILIO_API_BASE: twilio.base,
    // A short code's pace: the outage, not the sender's throughput, is what this scenario tests.
    TWILIO_SMS_MPS: "100",
    WORKER_CONCURRENCY: "4",
    LOG_LEVEL: "error",
  });
  try {
    await waitUntil(
      async () => (await client.query("select count(*)::int as n from worker_heartbeats")).rows[0].n >= 1,
      60_000,
    );
    // 15 s of refusals (SMTP 421, HTTP 503), then 15 s of silence (timeouts), then healthy.
    smtp.setMode({ kind: "reject", code: 421, message: "Service not available" });
    twilio.setMode({ kind: "error", status: 503, code: 20503, message: "Service unavailable" });
    await seedDue(client, { reminders: N, users: 10, dueAt: new Date(Date.now() + 500), smsShare: 0.5 });
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    smtp.setMode({ kind: "hang" });
    twilio.setMode({ kind: "hang" });
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    smtp.setMode({ kind: "accept" });
    twilio.setMode({ kind: "accept" });

    await waitUntil(
      async () =>
        (await client.query("select count(*)::int as n from deliveries where status = 'sent'")).rows[0].n >=
        N,
      150_000,
      500,
    );
    // Late arrivals at the sinks (sends the database has not recorded) are counted too.
    await sinkGrace();
    const recipients = [...smtp.messages.map((m) => m.to[0]), ...twilio.messages.map((m) => m.to)];
    const { rows } = await client.query<{ max: number; retried: number }>(
      "select max(attempt_count)::int as max, count(*) filter (where attempt_count > 1)::int as retried from deliveries",
    );
    console.log(
      `all ${N} delivered after the outage; ${rows[0].retried} needed retries (up to ${rows[0].max} attempts)`,
    );
    expect(new Set(recipients).size).toBe(N);
    expect(recipients).toHaveLength(N);
    expect(smtp.messages.length).toBeGreaterThan(0);
    expect(twilio.messages.length).toBeGreaterThan(0);
    expect(rows[0].retried).toBeGreaterThan(0);
  } finally {
    worker.kill("SIGKILL");
  }
});
