import "server-only";
import type { ReplyAction } from "@/db/schema/enums";

/** The reply actions a recipient can take on a reminder that asked for a confirmation. */
export type ConfirmationAction = Extract<ReplyAction, "confirm" | "decline" | "snooze">;

/**
 * Keywords in the three languages, compared after upper-casing and removing accents and
 * punctuation (so "Sí", "si!", "oui." all match). STOP, START and HELP are matched before
 * these (lib/delivery/handle-twilio-inbound.ts): "CANCEL" stays an opt-out word, never a NO.
 */
const KEYWORDS: Record<ConfirmationAction, readonly string[]> = {
  confirm: ["YES", "Y", "C", "CONFIRM", "SI", "CONFIRMO", "OUI", "CONFIRME"],
  decline: ["NO", "NON"],
  snooze: ["LATER", "MAS TARDE", "LUEGO", "PLUS TARD"],
};

/** The ButtonPayload ids of the WhatsApp quick-reply template (docs/deployment.md). */
const BUTTON_PAYLOADS: Record<ConfirmationAction, string> = {
  confirm: "CONFIRM",
  decline: "DECLINE",
  snooze: "LATER",
};

/** Upper case, accents and punctuation removed, inner spaces collapsed. */
export function normaliseReply(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toUpperCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
}

const BY_WORD = new Map<string, ConfirmationAction>(
  (Object.entries(KEYWORDS) as [ConfirmationAction, readonly string[]][]).flatMap(([action, words]) =>
    words.map((word) => [word, action] as const),
  ),
);

/**
 * What a reply asks for: a tapped WhatsApp button (its payload) wins, else the whole body
 * must be one keyword ("yes please" is not one, as Twilio matches opt-out words on the
 * whole body). Null: no confirmation keyword.
 */
export function parseReplyKeyword(body: string, buttonPayload?: string): ConfirmationAction | null {
  if (buttonPayload) {
    const payload = normaliseReply(buttonPayload);
    const tapped = (Object.keys(BUTTON_PAYLOADS) as ConfirmationAction[]).find(
      (action) => BUTTON_PAYLOADS[action] === payload,
    );
    if (tapped) return tapped;
  }
  return BY_WORD.get(normaliseReply(body)) ?? null;
}
