import { FILLERS, MESSAGE_MARKERS } from "./sentence-words";
import { freeWords, spanOf, type Sentence, type Word } from "./sentence";
import type { QuickAddLocale, TextSpan, UnknownPart } from "./types";

export function isFiller(locale: QuickAddLocale, word: string): boolean {
  return FILLERS[locale].includes(word);
}

/** The marker a word opens the message with: the whole word ("to", "que") or its elided start ("d'appeler"). */
function markerLength(locale: QuickAddLocale, word: string): number | null {
  for (const marker of MESSAGE_MARKERS[locale]) {
    if (word === marker) return marker.length;
    if (marker.endsWith("'") && word.startsWith(marker) && word.length > marker.length) return marker.length;
  }
  return null;
}

export const isMarker = (locale: QuickAddLocale, word: string) => markerLength(locale, word) !== null;

/** Runs of unclaimed words; a message may run across punctuation, an unknown part may not. */
function runs(sentence: Sentence, breakOnPunctuation: boolean): Word[][] {
  const result: Word[][] = [[]];
  for (const item of freeWords(sentence)) {
    if (item === "claimed" || (item === "punctuation" && breakOnPunctuation)) result.push([]);
    else if (item !== "punctuation") result[result.length - 1].push(item);
  }
  return result.filter((run) => run.length > 0);
}

/**
 * What no reader claimed: the message clause (the words after the first "to" / "que" / "de"
 * that opens a run, up to the next part read) and the parts nobody understood. Joining words
 * alone are dropped. With a message after ":" already, a clause is a second message, left for
 * the user.
 */
export function readLeftovers(
  sentence: Sentence,
  locale: QuickAddLocale,
  hasMessage: boolean,
): { message: TextSpan | null; unknown: UnknownPart[] } {
  let message: TextSpan | null = null;
  const unknown: UnknownPart[] = [];
  /** Starts of the words that belong to a message clause. */
  const taken = new Set<number>();
  for (const run of runs(sentence, false)) {
    // A joining word that also opens a message ("para", "pour") opens it when words follow.
    const first = run.findIndex((word) => !isFiller(locale, word.folded) || isMarker(locale, word.folded));
    const length = first === -1 ? null : markerLength(locale, run[first].folded);
    if (length === null) continue;
    // "de payer le loyer le [1er avril]": the joining word before the next part is not the message's.
    const last = run.findLastIndex((word) => !isFiller(locale, word.folded));
    const span = spanOf(sentence, run[first].start + length, run[last].end);
    if (span.text === "") continue;
    run.slice(first).forEach((word) => taken.add(word.start));
    if (message === null && !hasMessage) message = span;
    else unknown.push({ ...span, reason: "repeated" });
  }
  for (const run of runs(sentence, true)) {
    const words = run.filter((word) => !taken.has(word.start) && !isFiller(locale, word.folded));
    if (words.length === 0) continue;
    const span = spanOf(sentence, words[0].start, words[words.length - 1].end);
    unknown.push({ ...span, reason: "not_understood" });
  }
  return { message, unknown };
}
