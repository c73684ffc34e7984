import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const END = "--end-of-call--";

/**
 * Puts wrappers named ffmpeg and ffprobe first on PATH (where processing looks them up when
 * FFMPEG_PATH/FFPROBE_PATH are unset): each writes its call's arguments to a log, then runs the
 * real tool with them (same release, same output). Call before the tools are first used.
 * `calls()` lists what ran since the last `clear()`, `-version` checks left out.
 */
export function recordMediaTools() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-tools-"));
  const log = path.join(dir, "calls.log");
  writeFileSync(log, "");
  for (const tool of ["ffmpeg", "ffprobe"] as const) {
    const real = execFileSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim();
    const wrapper = path.join(dir, tool);
    writeFileSync(
      wrapper,
      [
        "#!/bin/sh",
        `{ printf '%s\\n' ${tool}; for arg in "$@"; do printf '%s\\n' "$arg"; done; printf '%s\\n' '${END}'; } >> '${log}'`,
        `exec '${real}' "$@"`,
        "",
      ].join("\n"),
    );
    chmodSync(wrapper, 0o755);
  }
  process.env.PATH = `${dir}${path.delimiter}${process.env.PATH ?? ""}`;
  return {
    dir,
    clear: () => writeFileSync(log, ""),
    calls(): { tool: "ffmpeg" | "ffprobe"; args: string[] }[] {
      const lines = readFileSync(log, "utf8").split("\n");
      const calls: { tool: "ffmpeg" | "ffprobe"; args: string[] }[] = [];
      let current: string[] = [];
      for (const line of lines) {
        if (line !== END) {
          current.push(line);
          continue;
        }
        const [tool, ...args] = current;
        current = [];
        if (args.length === 1 && args[0] === "-version") continue;
        calls.push({ tool: tool as "ffmpeg" | "ffprobe", args });
      }
      return calls;
    },
  };
}
