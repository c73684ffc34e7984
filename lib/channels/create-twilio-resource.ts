import "server-only";
import { twilioAnswerError, type TwilioErrorBody } from "./twilio-answer-error";
import { twilioAuth, type TwilioConfig } from "./twilio-config";
import { ChannelError } from "./types";

/**
 * Creates a Message or a Call through Twilio's 2010-04-01 API and returns its SID. A request
 * whose answer is lost may still have created it (ambiguous: looked up before sending again);
 * a refusal is read by twilioAnswerError.
 */
export async function createTwilioResource(
  config: TwilioConfig,
  resource: "Messages" | "Calls",
  form: URLSearchParams,
): Promise<string> {
  const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/${resource}.json`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { authorization: twilioAuth(config), "content-type": "application/x-www-form-urlencoded" },
      body: form,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ChannelError(`Twilio unreachable: ${reason}`, true, "network", { ambiguous: true });
  }
  const body = (await response.json().catch(() => ({}))) as TwilioErrorBody & { sid?: string };
  if (response.ok && body.sid) return body.sid;
  throw twilioAnswerError(response, body);
}
