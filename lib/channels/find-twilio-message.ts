import "server-only";
import { twilioAuth, type TwilioConfig } from "./twilio-config";
import { ChannelError } from "./types";

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

/** Clocks differ between us and Twilio; a message is matched from this long before `since`. */
const CLOCK_SKEW_MS = 60_000;
const MAX_PAGES = 5;

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
  const oldest = lookup.since.getTime() - CLOCK_SKEW_MS;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: twilioAuth(config) },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ChannelError(`Twilio message lookup failed: ${reason}`, true, "lookup", { ambiguous: true });
    }
    if (!response.ok) {
      throw new ChannelError(`Twilio message lookup answered HTTP ${response.status}`, true, "lookup", {
        ambiguous: true,
      });
    }
    const data = (await response.json()) as MessagePage;
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

/**
 * A page of the list: `next_page_uri` is a path today, a URI in Twilio's published description;
 * both are read against the API base. A page on another host is never asked (it would carry our
 * credentials there) and is a final failure: asking again gives the same answer.
 */
export function pageUrl(config: TwilioConfig, uri: string): URL {
  let url: URL | null = null;
  try {
    // A path is read under the API base, which may carry a path of its own.
    url = uri.startsWith("/") ? new URL(`${config.apiBase}${uri}`) : new URL(uri);
  } catch {
    url = null;
  }
  if (!url || url.origin !== new URL(config.apiBase).origin) {
    throw new ChannelError(`Twilio message lookup was sent to another host: ${uri}`, false, "lookup");
  }
  return url;
}
