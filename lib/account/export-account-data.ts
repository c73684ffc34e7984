import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import {
  contactGroups,
  contacts,
  creditLedger,
  deliveries,
  deliveryMonthlyTotals,
  media,
  reminders,
} from "@/db/schema";
import { env } from "@/lib/env";
import { ownerMediaUrl } from "@/lib/media/media-dto";
import type { DbOrTx } from "@/lib/db";
import type { User } from "@/db/schema";

/** Everything Remindful keeps about a user, as the JSON download "Export my data" gives them. */
export async function exportAccountData(executor: DbOrTx, user: User, now = new Date()) {
  const [contactRows, groupRows, reminderRows, deliveryRows, ledgerRows, mediaRows, totalRows] =
    await Promise.all([
      executor.select().from(contacts).where(eq(contacts.userId, user.id)).orderBy(asc(contacts.createdAt)),
      // Each group with its members' contact ids (columns spelled out: unqualified in a select list).
      executor
        .select({
          id: contactGroups.id,
          name: contactGroups.name,
          createdAt: contactGroups.createdAt,
          memberContactIds: sql<string[]>`coalesce((
          select array_agg(m.contact_id order by m.created_at, m.contact_id) from contact_group_members m
          where m.group_id = "contact_groups"."id"
        ), '{}'::text[])`,
        })
        .from(contactGroups)
        .where(eq(contactGroups.userId, user.id))
        .orderBy(asc(contactGroups.createdAt), asc(contactGroups.id)),
      executor
        .select()
        .from(reminders)
        .where(eq(reminders.userId, user.id))
        .orderBy(asc(reminders.createdAt)),
      executor
        .select()
        .from(deliveries)
        .where(eq(deliveries.userId, user.id))
        .orderBy(asc(deliveries.createdAt), asc(deliveries.id)),
      executor
        .select({
          amountCents: creditLedger.amountCents,
          reason: creditLedger.reason,
          createdAt: creditLedger.createdAt,
        })
        .from(creditLedger)
        .where(eq(creditLedger.userId, user.id))
        .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id)),
      executor.select().from(media).where(eq(media.userId, user.id)).orderBy(asc(media.createdAt)),
      executor
        .select({
          month: deliveryMonthlyTotals.month,
          channel: deliveryMonthlyTotals.channel,
          status: deliveryMonthlyTotals.status,
          count: deliveryMonthlyTotals.count,
        })
        .from(deliveryMonthlyTotals)
        .where(eq(deliveryMonthlyTotals.userId, user.id))
        .orderBy(
          asc(deliveryMonthlyTotals.month),
          asc(deliveryMonthlyTotals.channel),
          asc(deliveryMonthlyTotals.status),
        ),
    ]);
  const app = env.APP_URL.replace(/\/$/, "");
  // The recordings as links the signed-in owner opens (files stay in the store, not in the JSON).
  const recordings = mediaRows.map((row) => {
    const ready = row.status === "ready";
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      filename: row.filename,
      durationMs: row.durationMs,
      storedBytes: row.storedBytes,
      failureReason: row.failureReason,
      createdAt: row.createdAt,
      readyAt: row.readyAt,
      playbackUrl: ready ? `${app}${ownerMediaUrl(row.id, "playback")}` : null,
      posterUrl: ready && row.posterKey ? `${app}${ownerMediaUrl(row.id, "poster")}` : null,
    };
  });
  return {
    exportedAt: now.toISOString(),
    profile: {
      email: user.email,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      senderName: user.senderName,
      phone: user.phone,
      timezone: user.timezone,
      locale: user.locale,
      createdAt: user.createdAt,
    },
    plan: {
      planType: user.planType,
      subscriptionStatus: user.subscriptionStatus,
      paymentFrequency: user.paymentFrequency,
      remindersQuota: user.remindersQuota,
      remindersUsedCurrentPeriod: user.remindersUsedCurrentPeriod,
      trialEndDate: user.trialEndDate,
      billingPeriodStart: user.billingPeriodStart,
      billingPeriodEnd: user.billingPeriodEnd,
      nextBillingDate: user.nextBillingDate,
      creditBalanceCents: user.paygCreditBalance,
      autoRecharge: {
        enabled: user.autoRechargeEnabled,
        packageIndex: user.autoRechargePackageIndex,
        thresholdCents: user.autoRechargeThresholdCents,
      },
    },
    // Unsubscribe tokens are links' secrets, not the user's data.
    contacts: contactRows.map(({ unsubscribeToken: _token, ...contact }) => contact),
    groups: groupRows,
    reminders: reminderRows,
    media: recordings,
    // playedAt: when the recipient first played a voice or video reminder's clip.
    deliveries: deliveryRows.map(({ workerId: _w, leaseExpiresAt: _l, ...delivery }) => delivery),
    // Months past the delivery retention: their deliveries are gone, counted by channel and status.
    deliveryMonthlyTotals: totalRows,
    creditLedger: ledgerRows,
  };
}
