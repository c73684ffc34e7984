import { percentile } from "../bench-stats";

/** A signed-in user the pages are read as: their session cookie, a later activity page, a reminder. */
export interface MeasuredUser {
  id: string;
  cookie: string;
  /** The activity log's cursor half-way down the user's history (GET /api/deliveries?cursor=). */
  activityCursor: string;
  /** A reminder of theirs with a full history (its deliveries dialog). */
  reminderId: string;
}

interface PageTarget {
  name: string;
  path: (user: MeasuredUser) => string;
  /** What a right answer holds: a page's marker, or a JSON list's length. */
  check: (body: string) => boolean;
}

const listOf = (length: number) => (body: string) => {
  const parsed = JSON.parse(body) as { items?: unknown[] } | unknown[];
  const items = Array.isArray(parsed) ? parsed : parsed.items;
  return Array.isArray(items) && items.length === length;
};

/**
 * The signed-in reads measured, as a browser asks for them: the /activity page (its first 50
 * rows rendered on the server), a later page of it (the screen fetches those from GET
 * /api/deliveries?cursor=), the /reminders page, a reminder's History (the deliveries dialog's
 * GET /api/reminders/{id}/deliveries) and the dashboard (the signed-in `/`).
 */
export const PAGE_TARGETS: PageTarget[] = [
  { name: "activity", path: () => "/activity", check: (body) => body.includes("Contact ") },
  {
    name: "activityLaterPage",
    path: (u) => `/api/deliveries?limit=50&cursor=${u.activityCursor}`,
    check: listOf(50),
  },
  { name: "reminders", path: () => "/reminders", check: (body) => body.includes("Growth reminder") },
  { name: "history", path: (u) => `/api/reminders/${u.reminderId}/deliveries`, check: listOf(20) },
  { name: "dashboard", path: () => "/", check: (body) => body.includes("Growth reminder") },
];

export interface PageFigure {
  requests: number;
  p50: number;
  p95: number;
  mean: number;
  /** Answers that were not 200 or did not hold what the page shows. */
  wrong: number;
}

/**
 * Each target `requests` times, one request at a time (latency, not throughput: the server and
 * PostgreSQL share 2 cores), the users in turn, after `warmup` unmeasured requests per user.
 */
export async function measurePages(
  base: string,
  users: MeasuredUser[],
  options: { requests: number; warmup: number },
): Promise<Record<string, PageFigure>> {
  const figures: Record<string, PageFigure> = {};
  for (const target of PAGE_TARGETS) {
    let wrong = 0;
    const times: number[] = [];
    const once = async (user: MeasuredUser) => {
      const started = performance.now();
      const response = await fetch(`${base}${target.path(user)}`, {
        headers: { cookie: user.cookie },
        redirect: "manual",
      });
      const body = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200 || !target.check(body)) wrong++;
      return ms;
    };
    for (let i = 0; i < options.warmup * users.length; i++) await once(users[i % users.length]);
    wrong = 0;
    for (let i = 0; i < options.requests; i++) times.push(await once(users[i % users.length]));
    times.sort((a, b) => a - b);
    figures[target.name] = {
      requests: options.requests,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      mean: Math.round((times.reduce((t, x) => t + x, 0) / times.length) * 10) / 10,
      wrong,
    };
  }
  return figures;
}
