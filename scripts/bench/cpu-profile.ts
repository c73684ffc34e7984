import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The parts of a V8 `.cpuprofile` (written by `node --cpu-prof`) that self time needs. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  name: string;
  ms: number;
  percent: number;
}

export interface ProfileSummary {
  totalMs: number;
  byArea: ProfileShare[];
  topFunctions: ProfileShare[];
}

/** Which part of the stack a script URL belongs to, coarse enough to act on. */
export function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node core";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  // `next start` runs React's server renderer from inside Next's own runtime bundle.
  if (pkg) return pkg === "next" ? "next (server runtime)" : pkg;
  if (url.includes("/.next/server/")) return "app server bundles";
  return "other";
}

function share(entries: Map<string, number>, totalMs: number, limit: number): ProfileShare[] {
  return [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, ms]) => ({
      name,
      ms: Math.round(ms),
      percent: Math.round((ms / totalMs) * 1000) / 10,
    }));
}

/** Self time per area and per function, summed over every profile in a folder. */
export function summariseProfiles(dir: string, limit = 15): ProfileSummary {
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalMs = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    profile.samples.forEach((id, index) => {
      const frame = frames.get(id);
      const ms = (profile.timeDeltas[index] ?? 0) / 1000;
      if (!frame || frame.functionName === "(idle)" || frame.functionName === "(program)") return;
      totalMs += ms;
      const area = areaOf(frame.url, frame.functionName);
      byArea.set(area, (byArea.get(area) ?? 0) + ms);
      const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : "";
      const key = `${frame.functionName || "(anonymous)"} ${where} [${area}]`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    });
  }
  return {
    totalMs: Math.round(totalMs),
    byArea: share(byArea, totalMs, limit),
    topFunctions: share(byFunction, totalMs, limit),
  };
}
