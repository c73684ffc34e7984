import "server-only";
import type { PreferenceChange } from "@/config/preferences";
import { readPreferencesToken } from "@/lib/consent/preferences-token";
import { withTransaction } from "@/lib/db/with-transaction";
import { notFound } from "@/lib/errors/domain-error";
import { enforceRateLimit, RATE_LIMITS } from "@/lib/security/rate-limit";
import type { PreferencesAction } from "@/lib/validations/preferences";
import { findPreferencesSubject } from "./preferences-subject";
import { recordPreferencesChange, type PreferencesChange } from "./record-preferences-change";
import { requestCallOptIn } from "./request-call-opt-in";
import { requestForget } from "./request-forget";
import { choicesChange } from "./save-choices";
import { switchChanges } from "./switch-changes";

/** What a write did: the change recorded, or null when it changed nothing (asked twice, same choices). */
export interface PreferencesResult {
  changed: PreferenceChange | null;
}

const LINK_NOT_FOUND = { code: "not_found", message: "Not found" } as const;

/**
 * POST /api/prefs/{token}: one action of a contact's preferences page, for the contact the token
 * grants (a link that grants nothing is a 404 like an unknown page). Each link writes at most
 * RATE_LIMITS.preferencesWrite times a window. Everything an action writes (the contact, its
 * consent records, the trail line, the webhook events, a request and its text message, the
 * e-mail to the sender) happens in one transaction on the contact's locked row, or not at all.
 */
export async function changePreferences(
  token: string,
  action: PreferencesAction,
  now = new Date(),
): Promise<PreferencesResult> {
  const deliveryId = readPreferencesToken(token);
  if (deliveryId === null) throw notFound(LINK_NOT_FOUND);
  await enforceRateLimit(RATE_LIMITS.preferencesWrite, String(deliveryId), now);
  return withTransaction(async (client) => {
    const subject = await findPreferencesSubject(client, token, now, true);
    if (!subject) throw notFound(LINK_NOT_FOUND);
    const record = async (change: PreferencesChange | null): Promise<PreferencesResult> => {
      if (!change) return { changed: null };
      await recordPreferencesChange(client, subject, change, now);
      return { changed: change.change };
    };
    switch (action.action) {
      case "save":
        return record(choicesChange(subject, action, now));
      case "language":
        return record(switchChanges.language(subject, action.locale));
      case "stop":
        return record(switchChanges.stop(subject, now));
      case "resume":
        return record(switchChanges.resume(subject));
      case "email_opt_in":
        return record(switchChanges.emailBack(subject));
      case "call_opt_in":
        return { changed: (await requestCallOptIn(client, subject, now)) ? "calls_requested" : null };
      case "forget":
        return { changed: (await requestForget(client, subject, now)) ? "forget_requested" : null };
    }
  });
}
