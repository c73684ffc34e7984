import { foldText } from "./fold-text";
import { claim, freeWords, spanOf, type Sentence, type Word } from "./sentence";
import type { ContactDraft, QuickAddContact } from "./types";

/** The words of a name, folded: "Ana María López" → ["ana", "maria", "lopez"]. */
const nameWords = (name: string) =>
  foldText(name)
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);

/** A name that matches no contact is read up to this many words. */
const MAX_NAME_WORDS = 4;

/**
 * The contacts whose name starts with the most of `words` (at least the first): "ana" finds
 * every Ana, "ana lopez" only Ana López. A contact whose whole name is those words wins over
 * longer names ("Ana" over "Ana López" for "ana").
 */
function bestMatch(
  words: Word[],
  contacts: readonly QuickAddContact[],
): { length: number; contacts: QuickAddContact[] } | null {
  const named = contacts.map((contact) => ({ contact, words: nameWords(contact.name) }));
  for (let length = Math.min(words.length, MAX_NAME_WORDS); length >= 1; length--) {
    const typed = words.slice(0, length).map((w) => w.folded);
    const matching = named.filter(
      (n) => n.words.length >= length && typed.every((word, i) => n.words[i] === word),
    );
    if (matching.length === 0) continue;
    const whole = matching.filter((n) => n.words.length === length);
    return { length, contacts: (whole.length > 0 ? whole : matching).map((n) => n.contact) };
  }
  return null;
}

export interface NameWords {
  /** Joining words skipped before a name ("a" in "recordar a mamá"). */
  isFiller: (word: string) => boolean;
  /** Words that open the message ("to", "que", "d'appeler"): no name follows. */
  isMarker: (word: string) => boolean;
}

/**
 * The contact named at `from` (after the verb, past claimed parts and joining words): matched,
 * ambiguous (several contacts share the words), or, when `required` (a verb announced a name),
 * unknown: a name no contact has, read up to the next part, joining word or message marker.
 * Otherwise, with no contact matching, none and nothing claimed.
 */
export function matchContact(
  sentence: Sentence,
  from: number,
  contacts: readonly QuickAddContact[],
  { isFiller, isMarker }: NameWords,
  required: boolean,
): ContactDraft {
  const words: Word[] = [];
  for (const word of freeWords(sentence, from)) {
    if (typeof word === "string" || isFiller(word.folded)) {
      if (words.length > 0) break;
      continue;
    }
    if (isMarker(word.folded)) break;
    words.push(word);
    if (words.length === MAX_NAME_WORDS) break;
  }
  if (words.length === 0) return { status: "none" };
  const best = bestMatch(words, contacts);
  if (best === null) {
    if (!required) return { status: "none" };
    claim(sentence, words[0].start, words[words.length - 1].end);
    return { status: "unknown", span: spanOf(sentence, words[0].start, words[words.length - 1].end) };
  }
  const end = words[best.length - 1].end;
  claim(sentence, words[0].start, end);
  const span = spanOf(sentence, words[0].start, end);
  return best.contacts.length === 1
    ? { status: "matched", contact: best.contacts[0], span }
    : { status: "ambiguous", candidates: best.contacts, span };
}
