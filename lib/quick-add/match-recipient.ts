import { foldText } from "./fold-text";
import { claim, freeWords, spanOf, type Sentence, type Word } from "./sentence";
import type {
  ContactDraft,
  QuickAddContact,
  QuickAddGroup,
  QuickAddRecipient,
  RecipientDraft,
  TextSpan,
} from "./types";

/** The words of a name, folded: "Ana María López" → ["ana", "maria", "lopez"]. */
const nameWords = (name: string) =>
  foldText(name)
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);

/** A name that matches no one is read up to this many words. */
const MAX_NAME_WORDS = 4;

/** The contacts and groups a name may stand for, with their folded words. */
export interface AddressBook {
  entries: { recipient: QuickAddRecipient; words: string[] }[];
}

export function addressBook(
  contacts: readonly QuickAddContact[],
  groups: readonly QuickAddGroup[],
): AddressBook {
  const recipients: QuickAddRecipient[] = [
    ...contacts.map(({ id, name }) => ({ kind: "contact" as const, id, name })),
    ...groups.map(({ id, name }) => ({ kind: "group" as const, id, name })),
  ];
  return { entries: recipients.map((recipient) => ({ recipient, words: nameWords(recipient.name) })) };
}

/**
 * The recipients whose name starts with the most of `words` (at least the first): "ana" finds
 * every Ana, "ana lopez" only Ana López. One whose whole name is those words wins over longer
 * names ("Ana" over "Ana López" for "ana").
 */
function bestMatch(
  words: Word[],
  book: AddressBook,
): { length: number; recipients: QuickAddRecipient[] } | null {
  for (let length = Math.min(words.length, MAX_NAME_WORDS); length >= 1; length--) {
    const typed = words.slice(0, length).map((w) => w.folded);
    const matching = book.entries.filter(
      (n) => n.words.length >= length && typed.every((word, i) => n.words[i] === word),
    );
    if (matching.length === 0) continue;
    const whole = matching.filter((n) => n.words.length === length);
    return { length, recipients: (whole.length > 0 ? whole : matching).map((n) => n.recipient) };
  }
  return null;
}

export interface NameWords {
  /** Joining words skipped before a name ("a" in "recordar a mamá", "the" in "email the choir"). */
  isFiller: (word: string) => boolean;
  /** Words that open the message ("to", "que", "d'appeler"): no name follows. */
  isMarker: (word: string) => boolean;
}

function matched(
  sentence: Sentence,
  words: Word[],
  best: NonNullable<ReturnType<typeof bestMatch>>,
): RecipientDraft {
  const end = words[best.length - 1].end;
  claim(sentence, words[0].start, end);
  const span = spanOf(sentence, words[0].start, end);
  return best.recipients.length === 1
    ? { status: "matched", recipient: best.recipients[0], span }
    : { status: "ambiguous", candidates: best.recipients, span };
}

/**
 * The recipient named at `from` (after the verb, past claimed parts and joining words): matched,
 * ambiguous (several share the words), or, when `required` (a verb announced a name), unknown: a
 * name nobody has, read up to the next part, joining word or message marker. Otherwise, with
 * nobody matching, none and nothing claimed.
 */
export function matchRecipientAt(
  sentence: Sentence,
  from: number,
  book: AddressBook,
  { isFiller, isMarker }: NameWords,
  required: boolean,
): RecipientDraft {
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
  const best = bestMatch(words, book);
  if (best !== null) return matched(sentence, words, best);
  if (!required) return { status: "none" };
  claim(sentence, words[0].start, words[words.length - 1].end);
  return { status: "unknown", span: spanOf(sentence, words[0].start, words[words.length - 1].end) };
}

/**
 * A known name anywhere outside the message ("tomorrow at 9 Ana: keys", a name after the
 * schedule): the first one, from the unclaimed words before any message marker of their run.
 */
export function findRecipient(
  sentence: Sentence,
  book: AddressBook,
  { isMarker }: NameWords,
): RecipientDraft {
  const runs: Word[][] = [[]];
  for (const item of freeWords(sentence)) {
    if (typeof item === "string") runs.push([]);
    else runs[runs.length - 1].push(item);
  }
  for (const run of runs) {
    const marker = run.findIndex((word) => isMarker(word.folded));
    const beforeMessage = marker === -1 ? run : run.slice(0, marker);
    for (let i = 0; i < beforeMessage.length; i++) {
      const best = bestMatch(beforeMessage.slice(i), book);
      if (best !== null) return matched(sentence, beforeMessage.slice(i), best);
    }
  }
  return { status: "none" };
}

/** The contacts' view of a recipient: a group is none, ambiguous candidates are the contacts among them. */
export function contactDraftOf(recipient: RecipientDraft): ContactDraft {
  const contact = ({ id, name }: QuickAddRecipient): QuickAddContact => ({ id, name });
  switch (recipient.status) {
    case "matched":
      return recipient.recipient.kind === "contact"
        ? { status: "matched", contact: contact(recipient.recipient), span: recipient.span }
        : { status: "none" };
    case "ambiguous": {
      const contacts = recipient.candidates.filter((c) => c.kind === "contact").map(contact);
      const span: TextSpan = recipient.span;
      // A name a contact shares with a group is still a question, with the contact among the answers.
      return contacts.length > 0 ? { status: "ambiguous", candidates: contacts, span } : { status: "none" };
    }
    default:
      return recipient;
  }
}
