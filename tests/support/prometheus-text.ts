/**
 * A strict reader of Prometheus's text exposition format 0.0.4
 * (https://prometheus.io/docs/instrumenting/exposition_formats/): it throws on what the format
 * forbids (a sample before its TYPE, a metric's lines split into two groups, a repeated HELP,
 * TYPE or sample, a bad name, label or value, a missing final line feed).
 */
export interface ParsedSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  help: Map<string, string>;
  types: Map<string, string>;
  samples: ParsedSample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);

function unescape(text: string, quote: boolean): string {
  return text.replace(/\\(.)/g, (whole, char: string) => {
    if (char === "\\") return "\\";
    if (char === "n") return "\n";
    if (char === '"' && quote) return '"';
    throw new Error(`bad escape ${whole}`);
  });
}

function parseValue(text: string): number {
  if (text === "NaN" || text === "Nan") return NaN;
  if (text === "+Inf") return Infinity;
  if (text === "-Inf") return -Infinity;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value ${text}`);
  return Number(text);
}

/** `{a="x",b="y"}` from `at` (the brace): the labels and the index after the closing brace. */
function parseLabels(line: string, at: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  while (line[i] !== "}") {
    const eq = line.indexOf("=", i);
    if (eq < 0) throw new Error(`no = in labels: ${line}`);
    const name = line.slice(i, eq).trim();
    if (!LABEL_NAME.test(name)) throw new Error(`bad label name ${name}`);
    if (name in labels) throw new Error(`label ${name} twice: ${line}`);
    if (line[eq + 1] !== '"') throw new Error(`label value not quoted: ${line}`);
    let j = eq + 2;
    let raw = "";
    while (line[j] !== '"') {
      if (j >= line.length) throw new Error(`unterminated label value: ${line}`);
      if (line[j] === "\\") {
        raw += line.slice(j, j + 2);
        j += 2;
      } else raw += line[j++];
    }
    labels[name] = unescape(raw, true);
    i = j + 1;
    if (line[i] === ",") i++;
    else if (line[i] !== "}") throw new Error(`expected , or } in labels: ${line}`);
  }
  return { labels, end: i + 1 };
}

export function parseExposition(text: string): Exposition {
  if (!text.endsWith("\n")) throw new Error("the last line must end with a line feed");
  const help = new Map<string, string>();
  const types = new Map<string, string>();
  const samples: ParsedSample[] = [];
  const seen = new Set<string>();
  const finished = new Set<string>();
  let current: string | null = null;
  const enter = (name: string) => {
    if (name === current) return;
    if (finished.has(name)) throw new Error(`${name}'s lines are not one group`);
    if (current) finished.add(current);
    current = name;
  };
  for (const raw of text.slice(0, -1).split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    if (line.startsWith("#")) {
      const [keyword, name, ...rest] = line
        .slice(1)
        .trim()
        .split(/[ \t]+/);
      if (keyword !== "HELP" && keyword !== "TYPE") continue;
      if (!name || !METRIC_NAME.test(name)) throw new Error(`bad metric name in ${line}`);
      enter(name);
      if (keyword === "HELP") {
        if (help.has(name)) throw new Error(`second HELP for ${name}`);
        help.set(name, unescape(line.replace(/^#\s*HELP\s+\S+\s?/, ""), false));
      } else {
        if (types.has(name)) throw new Error(`second TYPE for ${name}`);
        if (samples.some((sample) => sample.name === name)) throw new Error(`TYPE after a sample of ${name}`);
        if (rest.length !== 1 || !TYPES.has(rest[0])) throw new Error(`bad TYPE line: ${line}`);
        types.set(name, rest[0]);
      }
      continue;
    }
    const nameEnd = line.search(/[{ \t]/);
    if (nameEnd < 0) throw new Error(`no value: ${line}`);
    const name = line.slice(0, nameEnd);
    if (!METRIC_NAME.test(name)) throw new Error(`bad metric name ${name}`);
    let labels: Record<string, string> = {};
    let rest = line.slice(nameEnd);
    if (rest.startsWith("{")) {
      const parsed = parseLabels(line, nameEnd);
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    const tokens = rest.trim().split(/[ \t]+/);
    if (tokens.length < 1 || tokens.length > 2 || tokens[0] === "") throw new Error(`bad sample: ${line}`);
    if (tokens[1] !== undefined && !/^-?\d+$/.test(tokens[1])) throw new Error(`bad timestamp: ${line}`);
    enter(name);
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) throw new Error(`sample twice: ${line}`);
    seen.add(key);
    samples.push({ name, labels, value: parseValue(tokens[0]) });
  }
  return { help, types, samples };
}

/** The value of the one sample with this name and these labels (all of them), else undefined. */
export function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return exposition.samples.find(
    (sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted,
  )?.value;
}
