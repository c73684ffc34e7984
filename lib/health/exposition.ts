/**
 * Prometheus's text exposition format, version 0.0.4
 * (https://prometheus.io/docs/instrumenting/exposition_formats/): per metric a `# HELP` and a
 * `# TYPE` line, then its samples as one uninterrupted group, `\n` line endings, a final `\n`.
 */
export const EXPOSITION_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export interface Sample {
  labels?: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: "counter" | "gauge";
  samples: Sample[];
}

// HELP text escapes backslash and line feed; a label value also the double quote.
const escapeHelp = (text: string) => text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
const escapeLabel = (text: string) => escapeHelp(text).replace(/"/g, '\\"');

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "+Inf";
  if (value === -Infinity) return "-Inf";
  return String(value);
}

function formatSample(name: string, { labels, value }: Sample): string {
  const pairs = Object.entries(labels ?? {}).map(([key, text]) => `${key}="${escapeLabel(text)}"`);
  return `${name}${pairs.length > 0 ? `{${pairs.join(",")}}` : ""} ${formatValue(value)}`;
}

/** The families as one exposition. */
export function formatExposition(families: MetricFamily[]): string {
  const lines = families.flatMap((family) => [
    `# HELP ${family.name} ${escapeHelp(family.help)}`,
    `# TYPE ${family.name} ${family.type}`,
    ...family.samples.map((sample) => formatSample(family.name, sample)),
  ]);
  return `${lines.join("\n")}\n`;
}
