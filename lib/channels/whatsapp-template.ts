/**
 * WhatsApp reminders leave as an approved Content template (docs/deployment.md, "Twilio
 * setup"): {{1}} is the sender's name, {{2}} the message. Meta refuses a variable that is
 * empty, holds a newline or tab, or more than four consecutive spaces (Twilio error 63013),
 * and a template whose text with its variables passes 1,024 characters (error 63021).
 */
const WHATSAPP_TEMPLATE_MAX_CHARS = 1024;
/** Room kept for the template's own fixed text; the documented templates stay well under it. */
const WHATSAPP_TEMPLATE_FIXED_CHARS = 124;
/** Together, the variables may use what the fixed text leaves. */
export const WHATSAPP_VARIABLES_MAX_CHARS = WHATSAPP_TEMPLATE_MAX_CHARS - WHATSAPP_TEMPLATE_FIXED_CHARS;

export type TemplateVariables = Record<"1" | "2", string>;

export type TemplateVariablesResult =
  | { ok: true; variables: TemplateVariables }
  | { ok: false; problem: "empty" | "too_long"; variable: "sender" | "message" };

/** Newlines, tabs and runs of spaces become one space; the ends are trimmed. */
export function sanitiseTemplateVariable(value: string): string {
  return value.replace(/\s+/gu, " ").trim();
}

const length = (value: string) => Array.from(value).length;

export function whatsappTemplateVariables(senderName: string, message: string): TemplateVariablesResult {
  const sender = sanitiseTemplateVariable(senderName);
  const body = sanitiseTemplateVariable(message);
  if (!sender) return { ok: false, problem: "empty", variable: "sender" };
  if (!body) return { ok: false, problem: "empty", variable: "message" };
  if (length(sender) + length(body) > WHATSAPP_VARIABLES_MAX_CHARS) {
    return {
      ok: false,
      problem: "too_long",
      variable: length(body) >= length(sender) ? "message" : "sender",
    };
  }
  return { ok: true, variables: { "1": sender, "2": body } };
}

export type MediaTemplateVariables = Record<"1" | "2" | "3", string>;

/**
 * The media-header template's variables: {{1}} sender, {{2}} message (the same rules as the text
 * template) and {{3}} the video's path after the template's fixed `<APP_URL>/api/play/`, ending
 * in `.mp4` (WhatsApp wants the file type in a media URL). Null when the text ones are refused.
 */
export function whatsappMediaTemplateVariables(
  senderName: string,
  message: string,
  mediaPath: string,
): MediaTemplateVariables | null {
  const text = whatsappTemplateVariables(senderName, message);
  return text.ok ? { ...text.variables, "3": mediaPath } : null;
}
