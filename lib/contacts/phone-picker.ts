import type { ImportRow } from "@/lib/validations/contact-import";

/** The browser Contact Picker API (Chrome on Android), which TypeScript's DOM types lack. */
interface PickedContact {
  name?: string[];
  email?: string[];
  tel?: string[];
}
interface ContactsManager {
  select(properties: string[], options?: { multiple?: boolean }): Promise<PickedContact[]>;
}

function contactsManager(): ContactsManager | null {
  if (typeof navigator === "undefined") return null;
  const manager = (navigator as Navigator & { contacts?: ContactsManager }).contacts;
  return manager && typeof manager.select === "function" ? manager : null;
}

export const isPhonePickerSupported = () => contactsManager() !== null;

export interface PickedRows {
  rows: ImportRow[];
  /** Entries without a name, or with neither e-mail nor phone (counted as failed). */
  incomplete: number[];
}

/** Lets the user pick contacts; an aborted picker gives null (closing it is silent). */
export async function pickPhoneContacts(): Promise<PickedRows | null> {
  const manager = contactsManager();
  if (!manager) throw new Error("unsupported");
  let picked: PickedContact[];
  try {
    picked = await manager.select(["name", "email", "tel"], { multiple: true });
  } catch (error) {
    if (error instanceof DOMException && (error.name === "AbortError" || error.name === "InvalidStateError"))
      return null;
    throw error;
  }
  if (picked.length === 0) return null;
  const rows: ImportRow[] = [];
  const incomplete: number[] = [];
  picked.forEach((entry, index) => {
    const line = index + 1;
    const name = entry.name?.find((n) => n.trim())?.trim();
    const email = entry.email?.find((e) => e.trim())?.trim();
    const phone = entry.tel?.find((p) => p.trim())?.trim();
    if (!name || (!email && !phone)) incomplete.push(line);
    else rows.push({ line, name, email, phone });
  });
  return { rows, incomplete };
}
