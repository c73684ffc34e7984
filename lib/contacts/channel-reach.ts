import type { DeliveryMethod } from "@/db/schema/enums";
import { usageUnits } from "@/lib/plans/usage-units";

/** Why no channel of a chain reaches a contact (the first channel's reason). */
export type UnreachableReason = "no_email" | "no_phone" | "opted_out";

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

export type ChainReach =
  | { reachable: true; channel: DeliveryMethod; units: number }
  | { reachable: false; reason: UnreachableReason };

/**
 * Why `channel` cannot reach the contact, or null when it can: no address for it, or the
 * contact opted out of it (an e-mail address its server refused for good counts as an opt-out:
 * mail to it is never sent again). WhatsApp consent is not required here: it may still come
 * (the opt-in request), and the engine checks it at send time.
 */
export function channelBlock(contact: ReachableContact, channel: DeliveryMethod): UnreachableReason | null {
  if (channel === "email") {
    if (!contact.email) return "no_email";
    return contact.emailOptOut || contact.emailSuppressedAt ? "opted_out" : null;
  }
  if (!contact.phone) return "no_phone";
  const optedOut = { sms: contact.smsOptOut, whatsapp: contact.whatsappOptOut, call: contact.callOptOut }[
    channel
  ];
  return optedOut ? "opted_out" : null;
}

/**
 * Which channel of an ordered chain reaches the contact first, and the usage units that send
 * takes (a call: REMINDERS_PER_CALL); when none does, the reason of the chain's first channel.
 */
export function chainReach(contact: ReachableContact, chain: readonly DeliveryMethod[]): ChainReach {
  let first: UnreachableReason | null = null;
  for (const channel of chain) {
    const block = channelBlock(contact, channel);
    if (!block) return { reachable: true, channel, units: usageUnits(channel) };
    first ??= block;
  }
  return { reachable: false, reason: first ?? "no_email" };
}

export interface GroupReach {
  members: number;
  /** Members some channel of the chain reaches. */
  reachable: number;
  /** What one occurrence takes from the quota or credit: each reachable member's first reaching channel. */
  units: number;
}

/** One occurrence's reach over a group's members: what a group reminder's quota check counts. */
export function groupReach(
  members: readonly ReachableContact[],
  chain: readonly DeliveryMethod[],
): GroupReach {
  let reachable = 0;
  let units = 0;
  for (const member of members) {
    const reach = chainReach(member, chain);
    if (!reach.reachable) continue;
    reachable += 1;
    units += reach.units;
  }
  return { members: members.length, reachable, units };
}
