/** A file cell's group names, separated by ";" or ",". */
export function splitGroupNames(cell: string): string[] {
  return uniqueGroupNames(cell.split(/[;,]/));
}

/** Group names trimmed, empty ones dropped, each once whatever its case (the first spelling kept). */
export function uniqueGroupNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names
    .map((name) => name.trim())
    .filter((name) => {
      const key = name.toLowerCase();
      if (!name || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
