import "server-only";
import { constants } from "node:fs";
import { access, chmod } from "node:fs/promises";

export type MediaTool = "ffmpeg" | "ffprobe";

// Loaded when first needed (a package without a binary for this platform throws on load), and
// left to Node at run time (next.config.ts serverExternalPackages): each finds its binary beside it.
const PACKAGES: Record<MediaTool, { name: string; load: () => Promise<{ default: { path: string } }> }> = {
  ffmpeg: { name: "@ffmpeg-installer/ffmpeg", load: () => import("@ffmpeg-installer/ffmpeg") },
  ffprobe: { name: "@ffprobe-installer/ffprobe", load: () => import("@ffprobe-installer/ffprobe") },
};

const resolved = new Map<MediaTool, Promise<string>>();

async function locate(tool: MediaTool): Promise<string> {
  // The npm packages ship static builds in per-platform packages and export their path.
  let binary: string;
  try {
    binary = (await PACKAGES[tool].load()).default.path;
  } catch (error) {
    throw new Error(
      `${tool} not found: ${PACKAGES[tool].name} has no binary for ${process.platform}-${process.arch} (${String(error)})`,
    );
  }
  try {
    await access(binary, constants.X_OK);
  } catch {
    // The package's postinstall sets the run bit; an install that skipped scripts leaves it off.
    try {
      await chmod(binary, 0o755);
      await access(binary, constants.X_OK);
    } catch {
      throw new Error(
        `${tool} at ${binary} is not executable: run \`chmod +x ${binary}\` or reinstall with install scripts allowed`,
      );
    }
  }
  return binary;
}

/** The absolute path of the packaged ffmpeg or ffprobe, made executable once per process. */
export function mediaToolPath(tool: MediaTool): Promise<string> {
  let path = resolved.get(tool);
  if (!path) {
    path = locate(tool);
    // A failure is not kept: a fixed install is picked up by the next job.
    path.catch(() => resolved.delete(tool));
    resolved.set(tool, path);
  }
  return path;
}
