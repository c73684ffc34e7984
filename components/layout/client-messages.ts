import type { AbstractIntlMessages } from "next-intl";

/**
 * Namespaces only server components read (public pages, e-mails, the delivery engine). The
 * signed-in shell's client provider leaves them out, so each page's payload does not carry them;
 * every other namespace (a new one included) still reaches client components.
 */
export const SERVER_ONLY_NAMESPACES = [
  "notFound",
  "home",
  "outbox",
  "delivery",
  "public",
  "landing",
  "terms",
  "unsubscribePage",
  "signOut",
  "apiReference",
  // The trail's lines are written on the server (GET /api/team/activity answers them in words).
  "activityTrail",
  // The notices a contact's preferences page sends: written on the server, read by no screen.
  "consentNotices",
] as const;

/**
 * The namespaces the signed-in shell's own client components read (sidebar, header, upgrade
 * links); a page with its own list adds these to it. Checked against the shell's imports by
 * tests/unit/layout/page-messages.test.ts.
 */
export const SHELL_CLIENT_NAMESPACES = ["shell", "plans"] as const;

const picked = new WeakMap<AbstractIntlMessages, AbstractIntlMessages>();

/** The messages handed to client components (computed once per locale's catalogue object). */
export function clientMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  let result = picked.get(messages);
  if (!result) {
    const skip = new Set<string>(SERVER_ONLY_NAMESPACES);
    result = Object.fromEntries(Object.entries(messages).filter(([namespace]) => !skip.has(namespace)));
    picked.set(messages, result);
  }
  return result;
}

const pickedFor = new WeakMap<AbstractIntlMessages, Map<readonly string[], AbstractIntlMessages>>();

/**
 * Only `namespaces` of the catalogue, for a page whose client components are known to read no
 * other (computed once per catalogue object and list).
 */
export function pageClientMessages(
  messages: AbstractIntlMessages,
  namespaces: readonly string[],
): AbstractIntlMessages {
  let lists = pickedFor.get(messages);
  if (!lists) {
    lists = new Map();
    pickedFor.set(messages, lists);
  }
  let result = lists.get(namespaces);
  if (!result) {
    result = Object.fromEntries(namespaces.filter((ns) => ns in messages).map((ns) => [ns, messages[ns]]));
    lists.set(namespaces, result);
  }
  return result;
}

const serialised = new WeakMap<AbstractIntlMessages, string>();

/** The picked messages as the JSON string ClientIntlProvider takes (made once per picked object). */
export function messagesJson(messages: AbstractIntlMessages): string {
  let json = serialised.get(messages);
  if (json === undefined) {
    json = JSON.stringify(messages);
    serialised.set(messages, json);
  }
  return json;
}
