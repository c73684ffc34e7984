import "server-only";
import type { TwilioConfig } from "./twilio-config";
import { twilioRequest, type TwilioAnswer } from "./twilio-request";
import { ChannelError } from "./types";

/** Clocks differ between us and Twilio; a lookup matches from this long before its `since`. */
export const LOOKUP_CLOCK_SKEW_MS = 60_000;
/** Pages of a list read at most by one lookup (50 entries each, newest first). */
export const LOOKUP_MAX_PAGES = 5;

/**
 * One page of a Twilio list (Messages, Calls). An unreachable API or an error answer is an
 * ambiguous failure: the caller tries the lookup again later rather than sending again.
 */
export async function fetchTwilioPage<T>(config: TwilioConfig, url: URL, what: string): Promise<T> {
  let answer: TwilioAnswer;
  try {
    answer = await twilioRequest(config, url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ChannelError(`Twilio ${what} lookup failed: ${reason}`, true, "lookup", { ambiguous: true });
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new ChannelError(`Twilio ${what} lookup answered HTTP ${answer.status}`, true, "lookup", {
      ambiguous: true,
    });
  }
  return JSON.parse(answer.body) as T;
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
    throw new ChannelError(`Twilio lookup was sent to another host: ${uri}`, false, "lookup");
  }
  return url;
}
