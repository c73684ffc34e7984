/** A name (or any filled-in value) that already ends a sentence: "Lucía G.", "Yahoo!", "¿Qué?". */
const ENDS_SENTENCE = /[.!?…]$/u;

/**
 * A text in which values were put before a full stop ("… calls from {sender}."), without the
 * stop doubled when a value already ends with one: "Lucía G.." becomes "Lucía G.", "Yahoo!."
 * becomes "Yahoo!". Only a stop right after such a value is dropped; the text is otherwise
 * unchanged.
 */
export function dropDoubledStops(text: string, values?: Record<string, unknown>): string {
  if (!values) return text;
  let result = text;
  for (const value of Object.values(values)) {
    if (typeof value !== "string" || value.length < 2 || !ENDS_SENTENCE.test(value.trim())) continue;
    const trimmed = value.trim();
    result = result.split(`${trimmed}.`).join(trimmed);
  }
  return result;
}
