import pg from "pg";
import { startBareSmtpSink } from "@/tests/support/bare-smtp-sink";
import { startTwilioSink, twilioSinkEnv } from "@/tests/support/twilio-sink";
import type { FleetContext } from "./fleet-run";

/**
 * What `runFleet` needs around one benchmark database: the harness's connection (its own
 * application_name), one to another database of the server for sampling, the loopback SMTP and
 * Twilio peers (1 ms each) and the workers' environment, every sender paced at the highest rate
 * the settings allow (the engine's own throughput). `close` ends them all.
 */
/** Every paced sender's messages per second: the most the settings allow. */
const SENDER_MPS = 1000;

export async function openFleetContext(
  databaseUrl: string,
  options: Pick<FleetContext, "reminders" | "users" | "sampleMs" | "prefix" | "warmUp"> & { harness: string },
) {
  const url = new URL(databaseUrl);
  const database = url.pathname.slice(1);
  url.searchParams.set("application_name", options.harness);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const smtp = await startBareSmtpSink({ latencyMs: 1 });
  const twilio = await startTwilioSink({ latencyMs: 1 });
  const ctx: FleetContext = {
    client,
    admin,
    database,
    smtp,
    twilio,
    workerEnv: {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      ...twilioSinkEnv(twilio, SENDER_MPS),
      TWILIO_WHATSAPP_MPS: String(SENDER_MPS),
    },
    senderMps: SENDER_MPS,
    ...options,
  };
  return {
    ctx,
    async close() {
      await client.end();
      await admin.end();
      await smtp.close();
      await twilio.close();
    },
  };
}
