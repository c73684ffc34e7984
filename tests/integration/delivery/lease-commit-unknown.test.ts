import { afterAll, beforeAll, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { db } from "@/lib/db";
import { withTransaction } from "@/lib/db/with-transaction";
import { LEASE_MS } from "@/lib/delivery/constants";
import { materializeDue } from "@/lib/delivery/materialize-due";
import { renewLeases } from "@/lib/delivery/renew-leases";
import { runBatch } from "@/lib/delivery/run-batch";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  setSmtpUrl(sink.url);
});

afterAll(async () => {
  closeMail();
  await sink.close();
});

// A failover can cut the connection after the server committed a lease but before the worker
// heard so: the rows carry the worker's id, yet no batch of it will send them.
it("a lease whose commit the worker never heard of is not renewed by its heartbeat: it runs out and is taken over", async () => {
  const user = await createSender();
  const due = new Date("2031-03-04T09:00:00Z");
  const known = await createReminder(user.id, (await createContact(user.id)).id, due);
  const orphanContact = await createContact(user.id);
  const orphan = await createReminder(user.id, orphanContact.id, due);
  const leasedAt = new Date(due.getTime() + 100);
  const leased = await withTransaction(async (client) => {
    const { leased: rows } = await materializeDue(client, {
      now: leasedAt,
      limit: 10,
      lease: { workerId: "w1", until: new Date(leasedAt.getTime() + LEASE_MS) },
    });
    return rows;
  });
  expect(leased).toHaveLength(2);
  const knownId = leased.find((d) => d.reminderId === known.id)!.id;

  // w1's heartbeat past half the lease: it holds (knows of) the first row only.
  await renewLeases("w1", new Date(leasedAt.getTime() + LEASE_MS * 0.6), new Set([knownId]));
  const after = new Date(leasedAt.getTime() + LEASE_MS + 1_000);
  await runBatch({ workerId: "w2", clock: () => after });

  const rows = await db
    .select()
    .from(deliveries)
    .where(inArray(deliveries.reminderId, [known.id, orphan.id]));
  const byReminder = new Map(rows.map((row) => [row.reminderId, row]));
  expect(byReminder.get(known.id)).toMatchObject({ status: "sending", workerId: "w1" });
  expect(byReminder.get(orphan.id)).toMatchObject({ status: "sent", attemptCount: 2 });
  expect(sink.messages.map((m) => m.to[0])).toEqual([orphanContact.email]);
});
