import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveries, deliveryReplies } from "@/db/schema";
import { db, pool } from "@/lib/db";
import { recordReply } from "@/lib/replies/record-reply";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";

/**
 * Replies are partitioned by their delivery's month, so no unique index spans every month: one
 * MessageSid must still be one reply, whichever delivery (of whichever month) it would match.
 */
let phones = 0;
const phone = () => `+1212556${String(1000 + phones++).padStart(4, "0")}`;

/** A sent SMS delivery to `number` awaiting an answer, of the occurrence `at`. */
async function awaiting(number: string, at: Date) {
  const user = await createSender();
  const contact = await createContact(user.id, { phone: number });
  const reminder = await createReminder(user.id, contact.id, at, {
    deliveryMethod: "sms",
    askConfirmation: true,
  });
  const [row] = await db
    .insert(deliveries)
    .values({
      reminderId: reminder.id,
      workspaceId: user.id,
      contactId: contact.id,
      occurrenceAt: at,
      channel: "sms",
      status: "sent",
      sentAt: at,
      confirmation: "awaiting",
    })
    .returning();
  return row;
}

const repliesWith = (sid: string) =>
  db.select().from(deliveryReplies).where(eq(deliveryReplies.providerMessageId, sid));

describe("one reply per MessageSid across months", () => {
  it("a MessageSid replayed once a newer delivery (another month) awaits an answer changes nothing", async () => {
    const number = phone();
    const first = await awaiting(number, new Date("2031-01-15T12:00:00Z"));
    const reply = { channel: "sms" as const, phone: number, body: "YES", action: "confirm" as const };
    const sid = "SMreplayedacrossmonths";
    const answered = await recordReply({ ...reply, messageSid: sid, now: new Date("2031-01-15T12:05:00Z") });
    expect(answered).toMatchObject({ deliveryId: first.id, fresh: true, confirmation: "confirmed" });

    const newer = await awaiting(number, new Date("2031-02-15T12:00:00Z"));
    const replayed = await recordReply({ ...reply, messageSid: sid, now: new Date("2031-02-15T12:05:00Z") });
    expect(replayed).toMatchObject({ deliveryId: first.id, fresh: false });
    const [still] = await db.select().from(deliveries).where(eq(deliveries.id, newer.id));
    expect(still.confirmation).toBe("awaiting");
    expect(await repliesWith(sid)).toHaveLength(1);
  });

  it("two deliveries of one webhook at once store one reply", async () => {
    const number = phone();
    const row = await awaiting(number, new Date("2031-03-15T12:00:00Z"));
    const sid = "SMconcurrentpair";
    // Another transaction holds the delivery's row, so both requests are in flight together.
    const holder = await pool.connect();
    await holder.query("begin");
    await holder.query("select 1 from deliveries where id = $1 for update", [row.id]);
    // Text that acts on nothing: both would match the same delivery and store it.
    const reply = () =>
      recordReply({
        channel: "sms",
        phone: number,
        body: "Thanks!",
        action: "none",
        messageSid: sid,
        now: new Date("2031-03-15T12:05:00Z"),
      });
    const pending = Promise.all([reply(), reply()]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await holder.query("commit");
    holder.release();
    const results = await pending;
    expect(results.map((r) => r?.fresh).sort()).toEqual([false, true]);
    expect(await repliesWith(sid)).toHaveLength(1);
  });
});
