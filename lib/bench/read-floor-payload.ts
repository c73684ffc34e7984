import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import type { BENCH_FLOOR_LISTS } from "@/lib/validations/bench-floor";

const cache = new Map<string, unknown>();

/**
 * bench:web's floor: the JSON a list answered, parsed once from BENCH_FLOOR_DIR and then served
 * from memory, so the floor costs what Next.js and JSON serialisation cost and nothing else.
 * Null when BENCH_FLOOR_DIR is unset (every deployment): the floor routes then answer 404.
 */
export function readFloorPayload(list: (typeof BENCH_FLOOR_LISTS)[number]): unknown {
  const dir = env.BENCH_FLOOR_DIR;
  if (!dir) return null;
  if (!cache.has(list)) cache.set(list, JSON.parse(readFileSync(path.join(dir, `${list}.json`), "utf8")));
  return cache.get(list) ?? null;
}
