import { describe, expect, it } from "vitest";
import { formatExposition } from "@/lib/health/exposition";
import { parseExposition } from "../../support/prometheus-text";

describe("the Prometheus text exposition", () => {
  it("writes HELP, TYPE and samples per metric, escaping what the format asks, and ends with a line feed", () => {
    const text = formatExposition([
      {
        name: "x_total",
        type: "counter",
        help: 'A back\\slash and a\nline feed, "quotes" kept',
        samples: [
          { labels: { path: 'C:\\DIR\\"A"\nB' }, value: 3 },
          { labels: { path: "plain" }, value: 0.25 },
        ],
      },
      {
        name: "y",
        type: "gauge",
        help: "Odd values",
        samples: [{ value: NaN }, { labels: { a: "b" }, value: Infinity }],
      },
    ]);
    expect(text).toBe(
      [
        '# HELP x_total A back\\\\slash and a\\nline feed, "quotes" kept',
        "# TYPE x_total counter",
        'x_total{path="C:\\\\DIR\\\\\\"A\\"\\nB"} 3',
        'x_total{path="plain"} 0.25',
        "# HELP y Odd values",
        "# TYPE y gauge",
        "y NaN",
        'y{a="b"} +Inf',
        "",
      ].join("\n"),
    );
    const parsed = parseExposition(text);
    expect(parsed.help.get("x_total")).toBe('A back\\slash and a\nline feed, "quotes" kept');
    expect(parsed.samples[0]).toEqual({ name: "x_total", labels: { path: 'C:\\DIR\\"A"\nB' }, value: 3 });
  });
});
