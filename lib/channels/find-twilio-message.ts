import "server-only";
import type { TwilioConfig } from "./twilio-config";
import { fetchTwilioPage, LOOKUP_CLOCK_SKEW_MS, LOOKUP_MAX_PAGES, pageUrl } from "./twilio-list-page";

interface ListedMessage {
  sid: string;
  to: string;
  from: string | null;
  body: string | null;
  direction: string;
  date_created: string | null;
  messaging_service_sid: string | null;
}

interface MessagePage {
  messages?: ListedMessage[];
  next_page_uri?: string | null;
}

export interface MessageLookup {
  to: string;
  from?: string;
  messagingServiceSid?: string;
  /** The text sent, when it is ours (SMS); a WhatsApp template's rendered text is not. */
  body?: string;
  /** No message of this delivery was created before this instant. */
  since: Date;
  /** True when the SID is already recorded on another delivery. */
  taken: (sid: string) => Promise<boolean>;
}

/**
 * Whether an earlier, unanswered attempt of a delivery reached Twilio: reads the account's
 * Messages list (GET .../Messages.json, newest first) filtered by To (and From), and matches
 * an outbound message with the same body created since the delivery was taken on whose SID no
 * other delivery holds. DateSent is not used as a filter: a message still queued at Twilio has
 * no date_sent yet. Throws a transient ChannelError when Twilio cannot be asked, so nothing is
 * sent again while the answer is unknown.
 */
export async function findTwilioMessage(config: TwilioConfig, lookup: MessageLookup): Promise<string | null> {
  const query = new URLSearchParams({ To: lookup.to, PageSize: "50" });
  if (lookup.from) query.set("From", lookup.from);
  const first = `/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json?${query}`;
  let url: URL | null = pageUrl(config, first);
  const oldest = lookup.since.getTime() - LOOKUP_CLOCK_SKEW_MS;
  for (let page = 0; url && page < LOOKUP_MAX_PAGES; page++) {
    const data: MessagePage = await fetchTwilioPage<MessagePage>(config, url, "message");
    let older = false;
    for (const m of data.messages ?? []) {
      const created = m.date_created ? Date.parse(m.date_created) : Number.NaN;
      if (created < oldest) {
        older = true;
        continue;
      }
      const sameSender = lookup.messagingServiceSid
        ? m.messaging_service_sid === lookup.messagingServiceSid
        : m.from === lookup.from;
      if (
        m.direction === "outbound-api" &&
        sameSender &&
        (lookup.body === undefined || m.body === lookup.body) &&
        !(await lookup.taken(m.sid))
      ) {
        return m.sid;
      }
    }
    // Newest first: once a page reaches messages older than the delivery, nothing further can match.
    url = older || !data.next_page_uri ? null : pageUrl(config, data.next_page_uri);
  }
  return null;
}
