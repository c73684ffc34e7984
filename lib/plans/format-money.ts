/** US dollars from cents (every price is in USD), written the way the reader's language writes money. */
export function formatMoney(cents: number, locale: string, options: { whole?: boolean } = {}): string {
  const whole = options.whole && cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
