import "server-only";
import { twilioAnswerError, type TwilioErrorBody } from "./twilio-answer-error";
import type { TwilioConfig } from "./twilio-config";
import { answerJson, twilioRequest, type TwilioAnswer } from "./twilio-request";
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
  const url = new URL(
    `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/${resource}.json`,
  );
  let answer: TwilioAnswer;
  try {
    answer = await twilioRequest(config, url, form);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ChannelError(`Twilio unreachable: ${reason}`, true, "network", { ambiguous: true });
  }
  const body = answerJson<TwilioErrorBody & { sid: string }>(answer);
  if (answer.status >= 200 && answer.status < 300 && typeof body.sid === "string") return body.sid;
  throw twilioAnswerError(answer, body);
}
