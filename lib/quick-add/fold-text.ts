/**
 * Lower case without accents, one UTF-16 unit for one: "Mañana À 18h" → "manana a 18h".
 * Every index of the folded text is the same character's index in the original, so a match
 * found in the folded text is the same span of what the user typed. A character whose folded
 * form would change the length (rare ligatures, dotted İ) is kept as it is.
 */
export function foldText(text: string): string {
  let folded = "";
  for (const char of text) {
    const plain = char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace("’", "'");
    folded += plain.length === char.length ? plain : char;
  }
  return folded;
}
