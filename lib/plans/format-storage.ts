/**
 * A storage allowance in megabytes (10^6 bytes, as the catalogue counts), in gigabytes from
 * 1,000 MB up, the way the reader's language writes it: "500 MB", "1 GB", "2,5 GB".
 */
export function formatStorage(megabytes: number, locale: string): string {
  const gigabytes = megabytes >= 1000;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: gigabytes ? "gigabyte" : "megabyte",
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(gigabytes ? megabytes / 1000 : megabytes);
}
