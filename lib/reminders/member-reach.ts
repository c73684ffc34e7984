import { REMINDERS_PER_CALL } from "@/config/plans";
import type { DeliveryMethod } from "@/db/schema/enums";

/** What decides whether a channel can reach a contact before anything is sent. */
export interface ReachableContact {
  email: string | null;
  phone: string | null;
  emailOptOut: boolean;
  smsOptOut: boolean;
  whatsappOptOut: boolean;
  callOptOut: boolean;
  emailSuppressedAt: Date | null;
}

/** Why no channel of a chain can reach a member: the first channel's reason. */
export type UnreachableReason = "no_email" | "no_phone" | "opted_out";

/** Reminders of quota (or times the credit price) one delivery on `channel` takes, as usage counts them. */
export function channelUnits(channel: DeliveryMethod | string): number {
  return channel === "call" ? REMINDERS_PER_CALL : 1;
}

/** Why `channel` cannot reach the contact (no address, opted out, e-mail refused for good), or null. */
export function channelProblem(contact: ReachableContact, channel: DeliveryMethod | string): UnreachableReason | null {
  if (channel === "email") {
    if (!contact.email) return "no_email";
    return contact.emailOptOut || contact.emailSuppressedAt ? "opted_out" : null;
  }
  if (!contact.phone) return "no_phone";
  const optedOut = { sms: contact.smsOptOut, whatsapp: contact.whatsappOptOut, call: contact.callOptOut }[
    channel as "sms" | "whatsapp" | "call"
  ];
  return optedOut ? "opted_out" : null;
}

/**
 * The first channel of the chain (delivery method, then fallback channels) that can reach the
 * contact: the one the engine ends up sending on when the earlier ones fail for want of an
 * address or an opt-in, and so the one the occurrence is charged for. Null: none can.
 */
export function reachChannel(contact: ReachableContact, chain: readonly string[]): string | null {
  return chain.find((channel) => channelProblem(contact, channel) === null) ?? null;
}

/** Why none of the chain's channels reaches the contact (the first channel's reason), or null when one does. */
export function unreachableReason(contact: ReachableContact, chain: readonly string[]): UnreachableReason | null {
  if (reachChannel(contact, chain) !== null || chain.length === 0) return null;
  return channelProblem(contact, chain[0]);
}

export interface GroupReach {
  members: number;
  /** Members some channel of the chain reaches. */
  reachable: number;
  /** What one occurrence takes from the quota or credit: each reachable member's first reaching channel. */
  units: number;
}

/** One occurrence's reach over a group's members. */
export function groupReach(members: readonly ReachableContact[], chain: readonly string[]): GroupReach {
  let reachable = 0;
  let units = 0;
  for (const member of members) {
    const channel = reachChannel(member, chain);
    if (channel === null) continue;
    reachable += 1;
    units += channelUnits(channel);
  }
  return { members: members.length, reachable, units };
}
