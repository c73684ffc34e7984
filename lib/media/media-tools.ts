import "server-only";
import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { env } from "@/lib/env";

export type MediaTool = "ffmpeg" | "ffprobe";

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** The release both report (`ffmpeg version 5.1.9-0+deb12u1` → `5.1.9-0+deb12u1`). */
  version: string;
  /** util-linux's `prlimit` and coreutils' `nice`, which every tool runs under. */
  prlimit: string;
  nice: string;
}

const run = promisify(execFile);

const CONFIGURED: Record<MediaTool, { variable: string; value: () => string | undefined }> = {
  ffmpeg: { variable: "FFMPEG_PATH", value: () => env.FFMPEG_PATH },
  ffprobe: { variable: "FFPROBE_PATH", value: () => env.FFPROBE_PATH },
};

const INSTALL_HINT = "install the system's ffmpeg package (Debian: apt-get install ffmpeg)";

const isExecutable = (file: string) =>
  access(file, constants.X_OK).then(
    () => true,
    () => false,
  );

async function onPath(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

/** The configured path, else the first executable of that name on PATH. */
async function locate(tool: MediaTool): Promise<string> {
  const { variable, value } = CONFIGURED[tool];
  const configured = value();
  if (configured) {
    if (await isExecutable(configured)) return configured;
    throw new Error(
      `${variable}=${configured} is not an executable file: ${INSTALL_HINT} or fix ${variable}`,
    );
  }
  const found = await onPath(tool);
  if (!found) throw new Error(`${tool} not found on PATH: ${INSTALL_HINT} or set ${variable}`);
  return found;
}

async function locateLimiter(name: "prlimit" | "nice", pkg: string): Promise<string> {
  const found = await onPath(name);
  if (!found) throw new Error(`${name} not found on PATH (${pkg}): media tools run under its limits`);
  return found;
}

/** The release a tool reports on the first line of `-version`. */
async function versionOf(tool: MediaTool, binary: string): Promise<string> {
  const { stdout } = await run(binary, ["-version"], { timeout: 10_000 });
  const version = new RegExp(`^${tool} version (\\S+)`).exec(stdout)?.[1];
  if (!version) throw new Error(`${binary} -version did not name a ${tool} release`);
  return version;
}

async function resolveTools(): Promise<MediaTools> {
  const [ffmpeg, ffprobe, prlimit, nice] = await Promise.all([
    locate("ffmpeg"),
    locate("ffprobe"),
    locateLimiter("prlimit", "util-linux"),
    locateLimiter("nice", "coreutils"),
  ]);
  const [ffmpegVersion, ffprobeVersion] = await Promise.all([
    versionOf("ffmpeg", ffmpeg),
    versionOf("ffprobe", ffprobe),
  ]);
  // Two releases may read the same bytes as different formats: what ffprobe checked must be what
  // ffmpeg decodes.
  if (ffmpegVersion !== ffprobeVersion)
    throw new Error(
      `ffmpeg (${ffmpeg}, ${ffmpegVersion}) and ffprobe (${ffprobe}, ${ffprobeVersion}) are from different releases: install both from one package`,
    );
  return { ffmpeg, ffprobe, version: ffmpegVersion, prlimit, nice };
}

let resolved: Promise<MediaTools> | undefined;

/**
 * ffmpeg and ffprobe, found once per process (FFMPEG_PATH/FFPROBE_PATH, else PATH) and checked to
 * be of one release. Rejects with the reason (missing, not executable, two releases); a failure is
 * not kept, so a fixed install is picked up by the next job.
 */
export function mediaTools(): Promise<MediaTools> {
  if (!resolved) {
    const attempt = resolveTools();
    attempt.catch(() => {
      if (resolved === attempt) resolved = undefined;
    });
    resolved = attempt;
  }
  return resolved;
}
