/** One request the web load made: when it was answered, to what, and how. */
export interface WebAnswer {
  at: number;
  target: string;
  /** The HTTP status, or 0 when no answer came (refused, reset, timed out). */
  status: number;
  code?: string;
}

export interface WebTarget {
  name: string;
  method?: "GET" | "PUT";
  path: string;
  body?: string;
  /** Another user's session cookie than the load's. */
  cookie?: string;
  /** Asked at most this many times by one load (a rate-limited read). */
  limit?: number;
}

/**
 * `concurrency` loops asking the web process for `targets` in turn, each answer recorded, until
 * stopped: what users and API clients see while the database fails over.
 */
export function startWebLoad(
  base: string,
  targets: WebTarget[],
  options: {
    cookie: string;
    concurrency?: number;
    pauseMs?: number;
    /** Each request from another client address (X-Forwarded-For; the server trusts one proxy hop). */
    spreadAddresses?: boolean;
  },
) {
  const answers: WebAnswer[] = [];
  let stopped = false;
  let turn = 0;
  const asked = new Map<WebTarget, number>();
  async function lane() {
    while (!stopped) {
      const target = targets[turn++ % targets.length];
      if (target.limit !== undefined && (asked.get(target) ?? 0) >= target.limit) continue;
      asked.set(target, (asked.get(target) ?? 0) + 1);
      let status = 0;
      let code: string | undefined;
      try {
        const response = await fetch(`${base}${target.path}`, {
          method: target.method ?? "GET",
          headers: {
            cookie: target.cookie ?? options.cookie,
            origin: base,
            ...(options.spreadAddresses
              ? { "x-forwarded-for": `10.${turn % 250}.${(turn >> 8) % 250}.7` }
              : {}),
            ...(target.body ? { "content-type": "application/json" } : {}),
          },
          body: target.body,
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        const text = await response.text();
        if (status >= 500) code = (JSON.parse(text) as { code?: string }).code;
      } catch {
        // No answer, or a 5xx whose body was not JSON: `status` says which.
      }
      answers.push({ at: Date.now(), target: target.name, status, code });
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  }
  const lanes = Array.from({ length: options.concurrency ?? 4 }, lane);
  return {
    answers,
    async stop() {
      stopped = true;
      await Promise.all(lanes);
    },
  };
}

/**
 * What the answers from `from` on came to: 2xx, 503 (with its code), other 5xx, no answer; when
 * the 503s started and ended, and when each target answered 2xx again, in seconds from `from`.
 */
export function summarizeWebAnswers(answers: WebAnswer[], from: number, to = Number.POSITIVE_INFINITY) {
  const window = answers.filter((a) => a.at >= from && a.at <= to);
  const seconds = (at: number | undefined) =>
    at === undefined ? null : Number(((at - from) / 1000).toFixed(2));
  const unavailable = window.filter((a) => a.status === 503);
  const byTarget: Record<
    string,
    { ok: number; unavailable: number; otherServerErrors: number; noAnswer: number; other: number }
  > = {};
  for (const a of window) {
    const t = (byTarget[a.target] ??= { ok: 0, unavailable: 0, otherServerErrors: 0, noAnswer: 0, other: 0 });
    if (a.status >= 200 && a.status < 300) t.ok++;
    else if (a.status === 503) t.unavailable++;
    else if (a.status >= 500) t.otherServerErrors++;
    else if (a.status === 0) t.noAnswer++;
    else t.other++;
  }
  // The `code` of each target's 503s (health answers its own body, without one).
  const codes: Record<string, string[]> = {};
  for (const a of unavailable) {
    const seen = (codes[a.target] ??= []);
    if (!seen.includes(a.code ?? "none")) seen.push(a.code ?? "none");
  }
  const failing = window.filter((a) => a.status < 200 || a.status >= 300);
  const lastFailure = failing.length ? Math.max(...failing.map((a) => a.at)) : undefined;
  return {
    requests: window.length,
    ok: window.filter((a) => a.status >= 200 && a.status < 300).length,
    unavailable503: unavailable.length,
    unavailableCodes: codes,
    otherServerErrors: window.filter((a) => a.status >= 500 && a.status !== 503).length,
    noAnswer: window.filter((a) => a.status === 0).length,
    other: window.filter((a) => a.status >= 300 && a.status < 500).length,
    firstUnavailableAfterSeconds: seconds(unavailable[0]?.at),
    lastFailureAfterSeconds: seconds(lastFailure),
    byTarget,
  };
}

export type WebSummary = ReturnType<typeof summarizeWebAnswers>;
