/** Cents as dollars with 2 decimals ('$20.00'), as the sidebar and billing page show money. */
export function formatCents(cents: number, locale = "en"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(cents / 100);
}
