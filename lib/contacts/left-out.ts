/** Why a detail of an imported contact was left out. */
export type LeftOutCode = "invalid_phone" | "unreadable_date" | "ambiguous_date";
export type LeftOutField = "phone" | "birthday" | "anniversary";

/**
 * A detail an import could not read: the contact came in without it. `value` is what the file
 * held (cut to 40 characters); `reason` is English, for API callers and logs.
 */
export interface LeftOutDetail {
  line: number;
  field: LeftOutField;
  value: string;
  code: LeftOutCode;
  reason: string;
}

export const LEFT_OUT_REASONS: Record<LeftOutCode, string> = {
  invalid_phone: "Not a phone number that could be read: add its country code (+33...)",
  unreadable_date: "Not a date that could be read",
  ambiguous_date: "Day and month cannot be told apart: this file writes dates both ways",
};

export function leftOut(line: number, field: LeftOutField, value: string, code: LeftOutCode): LeftOutDetail {
  return { line, field, value: value.trim().slice(0, 40), code, reason: LEFT_OUT_REASONS[code] };
}
