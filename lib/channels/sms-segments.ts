/** GSM 03.38 basic character set (one septet each) and its extension table (two septets each). */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

export type SmsEncoding = "GSM-7" | "UCS-2";

export interface SmsSegmentInfo {
  encoding: SmsEncoding;
  /** How many segments the text travels as (what the carrier bills and a sender's rate counts). */
  segments: number;
  /** Septets for GSM-7 (an extension character counts 2), UTF-16 code units for UCS-2 (an emoji counts 2). */
  units: number;
  /** The units one segment holds at this length: 160/153 for GSM-7, 70/67 for UCS-2. */
  perSegment: number;
}

/** Single-segment limit and per-segment limit once split (6 octets go to the concatenation header). */
const LIMITS: Record<SmsEncoding, { single: number; split: number }> = {
  "GSM-7": { single: 160, split: 153 },
  "UCS-2": { single: 70, split: 67 },
};

function gsmSeptets(text: string): number | null {
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENDED.includes(char)) septets += 2;
    else return null;
  }
  return septets;
}

/**
 * The encoding and segment count of an SMS body: GSM-7 text fits 160 septets in one segment and
 * 153 per segment when split; one character outside GSM-7 makes the whole body UCS-2, 70 UTF-16
 * code units in one segment and 67 per segment when split.
 */
export function smsSegmentInfo(text: string): SmsSegmentInfo {
  const septets = gsmSeptets(text);
  const encoding: SmsEncoding = septets === null ? "UCS-2" : "GSM-7";
  // UCS-2 counts UTF-16 code units: a character outside the BMP (an emoji) takes two.
  const units = septets ?? text.length;
  const { single, split } = LIMITS[encoding];
  if (units <= single) return { encoding, segments: 1, units, perSegment: single };
  return { encoding, segments: Math.ceil(units / split), units, perSegment: split };
}

/** How many SMS segments a body travels as, which is what a sender's throughput counts. */
export function smsSegments(text: string): number {
  return smsSegmentInfo(text).segments;
}
