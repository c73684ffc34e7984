import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, deliveryReplies } from "@/db/schema";
import { db, pool } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { recordReply } from "@/lib/replies/record-reply";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";

/**
 * The partition keys written by SQL (`now()`, a migration) hold microseconds, which a JS Date
 * drops: every statement that passes a row's key back must still find the row.
 */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  setSmtpUrl(sink.url);
});
afterAll(async () => {
  closeMail();
  await sink.close();
});

const AT = "2031-06-05 12:00:00.123456+00";

async function deliveryAtMicroseconds(values: { status: string; confirmation?: string; phone?: string }) {
  const user = await createSender();
  const contact = await createContact(user.id, { phone: values.phone ?? null });
  // Its own schedule lies far ahead: only the delivery below is due.
  const reminder = await createReminder(user.id, contact.id, new Date("2040-01-01T12:00:00Z"), {
    deliveryMethod: values.phone ? "sms" : "email",
    askConfirmation: values.confirmation !== undefined,
  });
  const { rows } = await pool.query<{ id: string }>(
    `insert into deliveries (reminder_id, workspace_id, contact_id, occurrence_at, channel, status, next_attempt_at,
                             sent_at, confirmation)
     values ($1, $2, $3, $4, $5, $6, $4, case when $6 = 'sent' then $4::timestamptz end, $7) returning id`,
    [
      reminder.id,
      user.id,
      contact.id,
      AT,
      values.phone ? "sms" : "email",
      values.status,
      values.confirmation ?? null,
    ],
  );
  return Number(rows[0].id);
}

describe("partition keys with microseconds", () => {
  it("a queued delivery is leased, sent and recorded", async () => {
    const id = await deliveryAtMicroseconds({ status: "queued" });
    await runBatch({ workerId: "w", clock: () => new Date("2031-06-05T12:00:01Z") });
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, id));
    expect(row.status).toBe("sent");
    expect(sink.messages).toHaveLength(1);
  });

  it("a reply is stored against its delivery and confirms it", async () => {
    const phone = "+12125559876";
    const id = await deliveryAtMicroseconds({ status: "sent", confirmation: "awaiting", phone });
    const result = await recordReply({
      channel: "sms",
      phone,
      body: "YES",
      action: "confirm",
      messageSid: "SMmicroseconds",
      now: new Date("2031-06-05T12:05:00Z"),
    });
    expect(result).toMatchObject({ deliveryId: id, fresh: true, confirmation: "confirmed" });
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, id));
    expect(row.confirmation).toBe("confirmed");
    expect(await db.$count(deliveryReplies, eq(deliveryReplies.deliveryId, id))).toBe(1);
  });
});
