import type { TextSpan } from "@/lib/quick-add";

const MARK = "rounded-sm bg-amber-200 px-0.5 text-amber-950 dark:bg-amber-300/25 dark:text-amber-50";

/** The typed line with the parts left for the user marked. */
export function HighlightSpans({ text, spans }: { text: string; spans: readonly TextSpan[] }) {
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < at) continue;
    if (span.start > at) pieces.push(text.slice(at, span.start));
    pieces.push(
      <mark key={span.start} className={MARK}>
        {text.slice(span.start, span.end)}
      </mark>,
    );
    at = span.end;
  }
  pieces.push(text.slice(at));
  return <>{pieces}</>;
}

export { MARK as HIGHLIGHT_CLASS };
