import type { Problem } from "@/lib/errors/error-codes";
/**
 * Duplicate policy: within one user's list an e-mail address (compared case-insensitively)
 * or a phone number (compared in E.164) belongs to at most one contact; a second one is
 * refused with a message naming the field.
 */
export const DUPLICATE_EMAIL_MESSAGE = "A contact with this email already exists";
export const DUPLICATE_PHONE_MESSAGE = "A contact with this phone already exists";

/** The API error (code and message) of a clash message. */
export const duplicateProblem = (message: string): Problem => ({
  code: message === DUPLICATE_PHONE_MESSAGE ? "duplicate_phone" : "duplicate_email",
  message,
});

export class DuplicateKeys {
  // Each key with the id of the contact holding it (null when the caller gave none).
  private readonly emails = new Map<string, string | null>();
  private readonly phones = new Map<string, string | null>();

  constructor(existing: Iterable<{ id?: string; email: string | null; phone: string | null }> = []) {
    for (const row of existing) this.add(row, row.id);
  }

  /** The message for a clash, or null when the contact is new. */
  clash(row: { email?: string | null; phone?: string | null }): string | null {
    if (row.email && this.emails.has(row.email.toLowerCase())) return DUPLICATE_EMAIL_MESSAGE;
    if (row.phone && this.phones.has(row.phone)) return DUPLICATE_PHONE_MESSAGE;
    return null;
  }

  /** The id of the contact a clash is with (the one `clash` names), if known. */
  holder(row: { email?: string | null; phone?: string | null }): string | null {
    if (row.email && this.emails.has(row.email.toLowerCase()))
      return this.emails.get(row.email.toLowerCase()) ?? null;
    if (row.phone && this.phones.has(row.phone)) return this.phones.get(row.phone) ?? null;
    return null;
  }

  add(row: { email?: string | null; phone?: string | null }, id: string | null = null) {
    if (row.email) this.emails.set(row.email.toLowerCase(), id);
    if (row.phone) this.phones.set(row.phone, id);
  }
}
