import type { Locale } from "./locales";
import type en from "@/messages/en.json";

export type Messages = typeof en;

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await import(`../messages/${locale}.json`)).default as Messages;
}
