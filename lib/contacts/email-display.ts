import "server-only";
import { domainToUnicode } from "node:url";

/** A stored address as people read it: a punycode domain back in its own letters. */
export function emailDisplay(email: string | null): string | null {
  if (!email) return email;
  const at = email.lastIndexOf("@");
  if (!email.slice(at + 1).includes("xn--")) return email;
  const domain = domainToUnicode(email.slice(at + 1));
  return domain ? `${email.slice(0, at)}@${domain}` : email;
}

/** Adds `emailDisplay` to a contact: `email` stays the ASCII address mail is sent to. */
export function withEmailDisplay<T extends { email: string | null }>(
  row: T,
): T & { emailDisplay: string | null } {
  return { ...row, emailDisplay: emailDisplay(row.email) };
}
