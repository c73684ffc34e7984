/**
 * One CSV line (RFC 4180, CRLF): every cell quoted, quotes doubled. A cell that a spreadsheet
 * would read as a formula (= + - @, a tab or carriage return first) starts with an apostrophe,
 * so a name typed as "=HYPERLINK(...)" stays text (OWASP's CSV injection advice).
 */
export function csvRow(cells: readonly string[]): string {
  return (
    cells
      .map((cell) => {
        const safe = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
        return `"${safe.replaceAll('"', '""')}"`;
      })
      .join(",") + "\r\n"
  );
}
