import type { SqlClient } from "@/tests/support/bench-kit";
import type { SunkMail } from "@/tests/support/smtp-sink";
import type { SunkSms } from "@/tests/support/twilio-sink";

/** The delivery a message at a peer belongs to: its Message-ID, or its status callback's `d`. */
function deliveryIdOf(message: { kind: "mail"; mail: SunkMail } | { kind: "twilio"; sms: SunkSms }) {
  if (message.kind === "mail") {
    const id = /<delivery-(\d+)\./.exec(message.mail.headers.get("message-id") ?? "")?.[1];
    return id ? Number(id) : null;
  }
  const marker = message.sms.statusCallback
    ? new URL(message.sms.statusCallback).searchParams.get("d")
    : null;
  const id = /^delivery-(\d+)$/.exec(marker ?? "")?.[1];
  return id ? Number(id) : null;
}

/**
 * Duplicates and losses counted from what the peers received, checked against the rows: each
 * reminder has its own recipient, so a second message to a recipient is a duplicate whether it
 * came from one delivery sent twice or from two deliveries of one occurrence.
 */
export async function countReceipts(
  client: SqlClient,
  peers: { mail: SunkMail[]; twilio: SunkSms[] },
  reminders: number,
  /** The burst's reminder ids start with `prefix`; `burst` is the SQL condition on its deliveries. */
  scope: { prefix: string; burst: string },
) {
  const received = [
    ...peers.mail.map((mail) => ({
      to: mail.to[0],
      channel: "email",
      id: deliveryIdOf({ kind: "mail", mail }),
    })),
    ...peers.twilio.map((sms) => ({
      to: sms.to,
      channel: sms.to.startsWith("whatsapp:") ? "whatsapp" : "sms",
      id: deliveryIdOf({ kind: "twilio", sms }),
    })),
  ];
  const perRecipient = new Map<string, number>();
  const perDelivery = new Map<number | null, number>();
  const duplicatesByChannel: Record<string, number> = { email: 0, sms: 0, whatsapp: 0 };
  for (const r of received) {
    if (perRecipient.has(r.to)) duplicatesByChannel[r.channel]++;
    perRecipient.set(r.to, (perRecipient.get(r.to) ?? 0) + 1);
    perDelivery.set(r.id, (perDelivery.get(r.id) ?? 0) + 1);
  }
  const { rows } = await client.query<{ id: string; channel: string }>(
    `select id, channel from deliveries where status = 'sent' and ${scope.burst}`,
  );
  const sent = new Set(rows.map((r) => Number(r.id)));
  const { rows: extra } = await client.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from deliveries where ${scope.burst}
       group by reminder_id, occurrence_at having count(*) > 1) t`,
  );
  const { rows: unsent } = await client.query<{ n: number }>(
    `select count(*)::int as n from reminders r
      where starts_with(r.id, $1)
        and not exists (select 1 from deliveries d where d.reminder_id = r.id and d.status = 'sent')`,
    [scope.prefix],
  );
  const sentByChannel: Record<string, number> = {};
  for (const r of rows) sentByChannel[r.channel] = (sentByChannel[r.channel] ?? 0) + 1;
  return {
    peerReceipts: received.length,
    /** Messages beyond the first to a recipient. */
    duplicates: received.length - perRecipient.size,
    duplicatesByChannel,
    /** Deliveries whose message reached a peer more than once. */
    deliveriesReceivedTwice: [...perDelivery].filter(([id, n]) => id !== null && n > 1).length,
    /** Due reminders whose recipient received nothing. */
    lost: reminders - perRecipient.size,
    /** Reminders without a delivery recorded sent. */
    notRecordedSent: unsent[0].n,
    /** Occurrences with more than one delivery row (the unique key forbids it). */
    occurrencesWithTwoRows: extra[0].n,
    /** Messages at a peer naming no delivery recorded sent. */
    receivedNotRecorded: received.filter((r) => r.id === null || !sent.has(r.id)).length,
    /** Deliveries recorded sent that no peer received. */
    recordedNotReceived: [...sent].filter((id) => !perDelivery.has(id)).length,
    sentByChannel,
  };
}
