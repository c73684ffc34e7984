/**
 * Text as search compares it: without accents or case, so "jose" finds "José" and "nunez"
 * finds "Núñez". NFD splits a letter from its combining marks, which are then dropped.
 */
export function foldSearchText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
