import { foldText } from "./fold-text";
import type { TextSpan } from "./types";

/**
 * The text being read and the spans already read. Readers claim the spans they understand;
 * later readers see claimed spans masked, so no word is read twice, and what is left at the
 * end is what nobody understood.
 */
export interface Sentence {
  readonly text: string;
  readonly folded: string;
  readonly claims: { start: number; end: number }[];
}

/** Not a letter, digit or space: a pattern cannot match across a claimed span. */
const MASK = "|";

export function createSentence(text: string): Sentence {
  return { text, folded: foldText(text), claims: [] };
}

export function isFree(sentence: Sentence, start: number, end: number): boolean {
  return sentence.claims.every((c) => c.end <= start || c.start >= end);
}

export function claim(sentence: Sentence, start: number, end: number): void {
  sentence.claims.push({ start, end });
}

function masked(sentence: Sentence, source: string, mask: string): string {
  let result = source;
  for (const { start, end } of sentence.claims) {
    result = result.slice(0, start) + mask.repeat(end - start) + result.slice(end);
  }
  return result;
}

/** The folded text with claimed spans masked, for the readers' patterns. */
export function freeFolded(sentence: Sentence): string {
  return masked(sentence, sentence.folded, MASK);
}

/**
 * The typed text with claimed spans masked, for chrono. Not blanked with spaces: chrono reads
 * "December" followed by a long run of spaces as a month on its own, dropping the day before it.
 */
export function freeOriginal(sentence: Sentence): string {
  return masked(sentence, sentence.text, MASK);
}

/** The span [start, end) of the typed text, without surrounding spaces. */
export function spanOf(sentence: Sentence, start: number, end: number): TextSpan {
  const raw = sentence.text.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  return { start: start + lead, end: start + lead + trimmed.length, text: trimmed };
}

export interface PatternMatch {
  start: number;
  end: number;
  groups: Record<string, string | undefined>;
}

/** Matches of `pattern` (global, run on the folded text) that touch no claimed span, in text order. */
export function freeMatches(sentence: Sentence, pattern: RegExp): PatternMatch[] {
  const flags = pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`;
  const global = new RegExp(pattern.source, flags);
  const matches: PatternMatch[] = [];
  for (const match of freeFolded(sentence).matchAll(global)) {
    const start = match.index;
    matches.push({ start, end: start + match[0].length, groups: { ...match.groups } });
  }
  return matches;
}

export interface Word {
  start: number;
  end: number;
  /** The folded word. */
  folded: string;
}

/** Between two words: a claimed span, or punctuation that ends a phrase. */
export type WordBreak = "claimed" | "punctuation";

const WORD = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*'?/gu;

/** The unclaimed words from `from` on, in order, with a break where a claimed span or , ; . ! ? lies between two. */
export function freeWords(sentence: Sentence, from = 0): (Word | WordBreak)[] {
  const text = freeFolded(sentence);
  const result: (Word | WordBreak)[] = [];
  let last = from;
  for (const match of text.slice(from).matchAll(WORD)) {
    const start = from + match.index;
    const between = text.slice(last, start);
    if (between.includes(MASK)) result.push("claimed");
    else if (/[,;.!?()]/.test(between)) result.push("punctuation");
    result.push({ start, end: start + match[0].length, folded: match[0] });
    last = start + match[0].length;
  }
  return result;
}
