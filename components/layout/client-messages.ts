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
] as const;

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
