import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import {
  consentRecords,
  contactGroups,
  contacts,
  creditLedger,
  deliveries,
  deliveryMonthlyTotals,
  media,
  reminders,
  users,
  workspaceEvents,
  workspaceMembers,
} from "@/db/schema";
import { env } from "@/lib/env";
import { ownerMediaUrl } from "@/lib/media/media-dto";
import type { DbOrTx } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";

/**
 * "Export my data": everything Remindful keeps in the workspace the person acts in (contacts,
 * groups, reminders, deliveries, credits, recordings, its members, its activity trail and its
 * contacts' consent records) and
 * the person's own profile, as one JSON download. It holds every member's and contact's
 * personal data, so only the workspace's owner may take it (the route's permission).
 */
export async function exportAccountData(executor: DbOrTx, actor: Actor, now = new Date()) {
  const { user, workspace } = actor;
  const workspaceId = workspace.id;
  const [
    contactRows,
    groupRows,
    reminderRows,
    deliveryRows,
    ledgerRows,
    mediaRows,
    totalRows,
    memberRows,
    eventRows,
    consentRows,
  ] = await Promise.all([
    executor
      .select()
      .from(contacts)
      .where(eq(contacts.workspaceId, workspaceId))
      .orderBy(asc(contacts.createdAt)),
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
      .where(eq(contactGroups.workspaceId, workspaceId))
      .orderBy(asc(contactGroups.createdAt), asc(contactGroups.id)),
    executor
      .select()
      .from(reminders)
      .where(eq(reminders.workspaceId, workspaceId))
      .orderBy(asc(reminders.createdAt)),
    executor
      .select()
      .from(deliveries)
      .where(eq(deliveries.workspaceId, workspaceId))
      .orderBy(asc(deliveries.createdAt), asc(deliveries.id)),
    executor
      .select({
        amountCents: creditLedger.amountCents,
        reason: creditLedger.reason,
        createdAt: creditLedger.createdAt,
      })
      .from(creditLedger)
      .where(eq(creditLedger.workspaceId, workspaceId))
      .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id)),
    executor.select().from(media).where(eq(media.workspaceId, workspaceId)).orderBy(asc(media.createdAt)),
    executor
      .select({
        month: deliveryMonthlyTotals.month,
        channel: deliveryMonthlyTotals.channel,
        status: deliveryMonthlyTotals.status,
        count: deliveryMonthlyTotals.count,
      })
      .from(deliveryMonthlyTotals)
      .where(eq(deliveryMonthlyTotals.workspaceId, workspaceId))
      .orderBy(
        asc(deliveryMonthlyTotals.month),
        asc(deliveryMonthlyTotals.channel),
        asc(deliveryMonthlyTotals.status),
      ),
    executor
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        firstName: users.firstName,
        lastName: users.lastName,
        role: workspaceMembers.role,
        joinedAt: workspaceMembers.createdAt,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(asc(workspaceMembers.createdAt), asc(users.id)),
    executor
      .select({
        kind: workspaceEvents.kind,
        actorId: workspaceEvents.actorId,
        actorName: workspaceEvents.actorName,
        apiKeyId: workspaceEvents.apiKeyId,
        subjectId: workspaceEvents.subjectId,
        details: workspaceEvents.details,
        createdAt: workspaceEvents.createdAt,
      })
      .from(workspaceEvents)
      .where(eq(workspaceEvents.workspaceId, workspaceId))
      .orderBy(asc(workspaceEvents.createdAt), asc(workspaceEvents.id)),
    // Every consent record as stored (a forgotten contact's without its id).
    executor
      .select({
        contactId: consentRecords.contactId,
        channel: consentRecords.channel,
        change: consentRecords.change,
        source: consentRecords.source,
        wording: consentRecords.wording,
        details: consentRecords.details,
        at: consentRecords.at,
      })
      .from(consentRecords)
      .where(eq(consentRecords.workspaceId, workspaceId))
      .orderBy(asc(consentRecords.at), asc(consentRecords.id)),
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
    workspace: {
      id: workspace.id,
      name: workspace.name,
      senderIdentity: workspace.senderIdentity,
      createdAt: workspace.createdAt,
    },
    members: memberRows,
    plan: {
      planType: workspace.planType,
      subscriptionStatus: workspace.subscriptionStatus,
      paymentFrequency: workspace.paymentFrequency,
      remindersQuota: workspace.remindersQuota,
      remindersUsedCurrentPeriod: workspace.remindersUsedCurrentPeriod,
      trialEndDate: workspace.trialEndDate,
      billingPeriodStart: workspace.billingPeriodStart,
      billingPeriodEnd: workspace.billingPeriodEnd,
      nextBillingDate: workspace.nextBillingDate,
      extraSeats: workspace.extraSeats,
      creditBalanceCents: workspace.paygCreditBalance,
      autoRecharge: {
        enabled: workspace.autoRechargeEnabled,
        packageIndex: workspace.autoRechargePackageIndex,
        thresholdCents: workspace.autoRechargeThresholdCents,
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
    // Who did what in the workspace, as the activity trail shows it.
    activity: eventRows,
    // Each change contacts made to their consent (and each request to be forgotten honoured), oldest first.
    consentRecords: consentRows,
  };
}
