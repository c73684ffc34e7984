import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { db, pool } from "@/lib/db";
import { JOB_TASKS } from "@/jobs/registry";
import { startDeliveryEngine, type DeliveryEngine } from "@/lib/delivery/engine";
import { sendOccurrenceNow } from "@/lib/delivery/send-occurrence-now";
import { CONFIRMATION_FOLLOW_UP_TASK } from "@/lib/replies/constants";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { callRoute } from "@/tests/support/call-route";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { noonZone } from "@/tests/support/noon-zone";
import { loopbackPeers } from "@/tests/support/peers";
import { signedWebhook } from "@/tests/support/twilio-sink";

const peers = loopbackPeers();
let engine: DeliveryEngine;

beforeAll(async () => {
  // The tasks every process registers (jobs/registry.ts), as startEngineFromEnv passes them.
  engine = await startDeliveryEngine({ workerId: "follow-up-test", concurrency: 2, tasks: JOB_TASKS });
});

afterAll(async () => {
  // Before the peers close (vitest runs afterAll hooks last-registered first).
  await engine.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 25_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(100);
  }
}

const jobKey = (deliveryId: number) => `confirmation-follow-up:${deliveryId}`;

/** Until the follow-up job of this delivery has run (graphile-worker deletes a job once done). */
async function jobDone(deliveryId: number) {
  await waitFor(async () => {
    const { rows } = await pool.query(`select 1 from graphile_worker.jobs where key = $1`, [
      jobKey(deliveryId),
    ]);
    return rows.length === 0 ? true : undefined;
  });
}

const mailsTo = (email: string) => peers.smtp.messages.filter((m) => m.to.includes(email));

/**
 * An SMS reminder asking for confirmation with a 5-minute follow-up, sent now by the engine's
 * steps (its due time is far ahead, so only this send takes it). It is sent with the real clock:
 * a send dated in the past would hold a lease already run out, which the running engine may take
 * over mid-send on a busy machine. The follow-up's time is the test's to move (followUpDueNow).
 */
async function askSent(locale = "en") {
  const user = await createSender({ locale, timezone: "UTC" });
  const phone = `+1646555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  const contact = await createContact(user.id, {
    name: "Lucía",
    phone,
    timezone: noonZone(Date.now()),
  });
  const reminder = await createReminder(user.id, contact.id, new Date("2035-01-01T12:00:00Z"), {
    deliveryMethod: "sms",
    askConfirmation: true,
    followUpMinutes: 5,
  });
  await sendOccurrenceNow({ workerId: "test", reminderId: reminder.id, workspaceId: user.id });
  const [delivery] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
  expect(delivery).toMatchObject({ status: "sent", confirmation: "awaiting" });
  return { user, contact, delivery, phone };
}

/**
 * The follow-up job, queued 5 minutes after the send, becomes due now: queued again under its key
 * (graphile-worker's add_job replaces the waiting job and wakes the runner).
 */
async function followUpDueNow(deliveryId: number) {
  const { rows } = await pool.query(`select 1 from graphile_worker.jobs where key = $1`, [
    jobKey(deliveryId),
  ]);
  expect(rows).toHaveLength(1);
  await pool.query(
    `select graphile_worker.add_job($1, json_build_object('deliveryId', $2::bigint), job_key := $3,
       job_key_mode := 'replace', max_attempts := 10)`,
    [CONFIRMATION_FOLLOW_UP_TASK, deliveryId, jobKey(deliveryId)],
  );
}

describe("the 'not confirmed' follow-up e-mail", () => {
  it("e-mails the user once, in their language, when the delivery still awaits its answer", async () => {
    const { user, delivery } = await askSent("es");
    const { rows: queued } = await pool.query<{ run_at: Date }>(
      `select run_at from graphile_worker.jobs where key = $1`,
      [jobKey(delivery.id)],
    );
    expect(queued.map((job) => job.run_at.getTime() - delivery.sentAt!.getTime())).toEqual([5 * 60_000]);
    await followUpDueNow(delivery.id);
    const mail = await waitFor(async () => mailsTo(user.email)[0]);
    expect(mail.headers.get("subject")).toBe("Lucía no ha confirmado tu recordatorio");
    expect(mail.raw).toContain("Call grandma");
    await jobDone(delivery.id);
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(row.followUpSentAt).not.toBeNull();
    // The same job again (a retry, a duplicate): no second e-mail.
    const again = `confirmation-follow-up-again:${delivery.id}`;
    await pool.query(
      `select graphile_worker.add_job($1, json_build_object('deliveryId', $2::bigint), job_key := $3)`,
      [CONFIRMATION_FOLLOW_UP_TASK, delivery.id, again],
    );
    await waitFor(async () => {
      const { rows } = await pool.query(`select 1 from graphile_worker.jobs where key = $1`, [again]);
      return rows.length === 0 ? true : undefined;
    });
    await sleep(300);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it("sends nothing when the contact confirmed before the follow-up time", async () => {
    const { user, delivery, phone } = await askSent();
    const params = {
      MessageSid: `SM${randomBytes(16).toString("hex")}`,
      From: phone,
      To: "+15005550006",
      Body: "YES",
    };
    const res = await callRoute(inbound, "/api/webhooks/twilio/inbound", {
      method: "POST",
      ...signedWebhook("http://localhost:3000/api/webhooks/twilio/inbound", params),
    });
    expect(res.text).toContain("Thank you, confirmed.");
    // The follow-up time comes after the answer.
    await followUpDueNow(delivery.id);
    await jobDone(delivery.id);
    await sleep(300);
    expect(mailsTo(user.email)).toHaveLength(0);
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(row).toMatchObject({ confirmation: "confirmed", followUpSentAt: null });
  });

  it("a reminder without a follow-up time queues no job", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, {
      phone: "+16465559999",
      timezone: noonZone(Date.now()),
    });
    const reminder = await createReminder(user.id, contact.id, new Date("2035-01-01T12:00:00Z"), {
      deliveryMethod: "sms",
      askConfirmation: true,
    });
    await sendOccurrenceNow({ workerId: "test", reminderId: reminder.id, workspaceId: user.id });
    const [delivery] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(delivery.confirmation).toBe("awaiting");
    const { rows } = await pool.query(`select 1 from graphile_worker.jobs where key = $1`, [
      jobKey(delivery.id),
    ]);
    expect(rows).toHaveLength(0);
  });
});
