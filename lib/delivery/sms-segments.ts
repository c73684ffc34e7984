/** GSM 03.38 basic character set (one septet each) and its extension table (two septets each). */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

/**
 * How many SMS segments a body travels as, which is what a sender's throughput counts:
 * GSM-7 text fits 160 septets in one segment and 153 per segment when split; anything else
 * is UCS-2, 70 characters in one segment and 67 per segment when split.
 */
export function smsSegments(text: string): number {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENDED.includes(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  // UCS-2 counts UTF-16 code units: a character outside the BMP takes two.
  const units = text.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}
