import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

// A short gathering delay so the test waits seconds, not minutes (read when lib/env loads).
vi.hoisted(() => {
  process.env.FAILURE_ALERT_DELAY_SECONDS = "2";
});

import { users, workspaces } from "@/db/schema";
import { db, pool } from "@/lib/db";
import { JOB_TASKS } from "@/jobs/registry";
import { startDeliveryEngine, type DeliveryEngine } from "@/lib/delivery/engine";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";

let sink: SmtpSink;
let engine: DeliveryEngine;

beforeAll(async () => {
  sink = await startSmtpSink();
  setSmtpUrl(sink.url);
  // The tasks every process registers (jobs/registry.ts), as startEngineFromEnv passes them.
  engine = await startDeliveryEngine({ workerId: "alerts-test", concurrency: 2, tasks: JOB_TASKS });
});

afterAll(async () => {
  await engine.stop();
  closeMail();
  await sink.close();
});

async function waitFor<T>(
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 25_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function alertJob(userId: string) {
  const { rows } = await pool.query<{ run_at: Date; attempts: number }>(
    `select run_at, attempts from graphile_worker.jobs where key = $1`,
    [`failure-alert:${userId}`],
  );
  return rows[0];
}

/** A reminder to an opted-out contact, due now: the engine fails it at once (opted_out). */
async function failingReminder(userId: string, name: string) {
  const contact = await createContact(userId, { name, emailOptOut: true });
  return createReminder(userId, contact.id, new Date(), { message: `For ${name}` });
}

/** The message as text: quoted-printable soft breaks and =XX escapes undone (UTF-8). */
function decoded(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = /^=([0-9A-F]{2})/.exec(joined.slice(i, i + 3));
    if (hex) {
      bytes.push(parseInt(hex[1], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]));
  }
  return Buffer.from(bytes).toString("utf8");
}

function mailsTo(address: string) {
  return sink.messages.filter((m) => m.to.includes(address));
}

describe("failure alerts to the sender (through the engine's failure_alert task)", () => {
  it("three failures within the hour make one e-mail, in the user's language, linking to the activity page", async () => {
    const user = await createSender({ locale: "es", timezone: "Europe/Madrid" });
    await failingReminder(user.id, "Carmen");
    await sleep(500);
    await failingReminder(user.id, "Diego");
    await sleep(500);
    await failingReminder(user.id, "Elena");

    const mail = await waitFor(() => mailsTo(user.email)[0]);
    expect(mail.headers.get("subject")).toBe("No se pudieron enviar 3 recordatorios");
    const body = decoded(mail.raw);
    for (const name of ["Carmen", "Diego", "Elena"]) expect(body).toContain(`${name} por Correo electrónico`);
    expect(body).toContain("El contacto se dio de baja de estos mensajes. (opted_out)");
    expect(body).toContain("http://localhost:3000/activity?status=failed");
    // The job ran and is gone; nothing else is queued.
    await waitFor(async () => ((await alertJob(user.id)) ? undefined : true));
    expect(mailsTo(user.email)).toHaveLength(1);

    // A fourth failure, right after the e-mail: its alert waits for the end of the hour.
    const [sent] = await db.select().from(workspaces).where(eq(workspaces.id, user.id));
    expect(sent.failureAlertSentAt).not.toBeNull();
    await failingReminder(user.id, "Fabio");
    const job = await waitFor(() => alertJob(user.id));
    expect(job.run_at.getTime() - sent.failureAlertSentAt!.getTime()).toBeGreaterThanOrEqual(3_600_000);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it("a user who turned alerts off gets no job and no e-mail", async () => {
    const quiet = await createSender({ failureAlerts: false });
    const loud = await createSender();
    await failingReminder(quiet.id, "Gema");
    await failingReminder(loud.id, "Hugo");
    // The other user's alert arriving shows the engine got this far for both.
    await waitFor(() => mailsTo(loud.email)[0]);
    expect(await alertJob(quiet.id)).toBeUndefined();
    expect(mailsTo(quiet.email)).toHaveLength(0);
  });
});
