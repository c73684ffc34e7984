import "server-only";
import type { TwilioConfig } from "./twilio-config";
import { fetchTwilioPage, LOOKUP_CLOCK_SKEW_MS, LOOKUP_MAX_PAGES, pageUrl } from "./twilio-list-page";

interface ListedCall {
  sid: string;
  to: string | null;
  from: string | null;
  direction: string | null;
  date_created: string | null;
}

interface CallPage {
  calls?: ListedCall[];
  next_page_uri?: string | null;
}

export interface CallLookup {
  to: string;
  /** The caller ID the call was placed from. */
  from: string;
  /** No call of this delivery was created before this instant. */
  since: Date;
  /** True when the SID is already recorded (on another delivery, or as an earlier call of this one). */
  taken: (sid: string) => Promise<boolean>;
}

/**
 * Whether an earlier, unanswered create-call request of a delivery reached Twilio: reads the
 * account's Calls list (GET .../Calls.json, newest first) filtered by To and From, and matches an
 * outbound API call created since the delivery was taken on whose SID nothing recorded yet. The
 * StartTime filters are not used: a call still waiting in Twilio's queue (calls over the
 * account's calls per second wait there) has no start time yet, and would be missed. Throws a
 * transient ChannelError when Twilio cannot be asked, so nobody is called again while the answer
 * is unknown.
 */
export async function findTwilioCall(config: TwilioConfig, lookup: CallLookup): Promise<string | null> {
  const query = new URLSearchParams({ To: lookup.to, From: lookup.from, PageSize: "50" });
  const first = `/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Calls.json?${query}`;
  let url: URL | null = pageUrl(config, first);
  const oldest = lookup.since.getTime() - LOOKUP_CLOCK_SKEW_MS;
  for (let page = 0; url && page < LOOKUP_MAX_PAGES; page++) {
    const data: CallPage = await fetchTwilioPage<CallPage>(config, url, "call");
    let older = false;
    for (const call of data.calls ?? []) {
      const created = call.date_created ? Date.parse(call.date_created) : Number.NaN;
      if (created < oldest) {
        older = true;
        continue;
      }
      if (
        call.direction === "outbound-api" &&
        call.from === lookup.from &&
        call.to === lookup.to &&
        !(await lookup.taken(call.sid))
      ) {
        return call.sid;
      }
    }
    // Newest first: once a page reaches calls older than the delivery, nothing further can match.
    url = older || !data.next_page_uri ? null : pageUrl(config, data.next_page_uri);
  }
  return null;
}
