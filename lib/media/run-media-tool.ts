import "server-only";
import { spawn } from "node:child_process";
import { MEDIA_TOOL_LIMITS } from "@/config/media";
import { env } from "@/lib/env";
import { mediaTools, type MediaTool } from "./media-tools";

/**
 * Why ffmpeg or ffprobe failed:
 * - `exit`: it ran and refused the file (for ffprobe: not a file it can read), an allocation
 *   refused under the memory limit included;
 * - `timeout`: still running at its time limit, killed;
 * - `crash`: it died of a fault signal (SIGSEGV, SIGABRT...) on this file;
 * - `signal`: something else stopped it (a shutdown, the kernel's OOM killer): the machine's doing;
 * - `start`: it could not be started (missing, not executable, two releases).
 */
export type MediaToolFailure = "exit" | "timeout" | "crash" | "signal" | "start";

export class MediaToolError extends Error {
  constructor(
    readonly reason: MediaToolFailure,
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = "MediaToolError";
  }
}

// Enough of ffmpeg's complaint to log; its progress output can be long.
const STDERR_TAIL = 4_000;

/** Signals a process dies of when it faults (an unchecked failed allocation ends here too). */
const FAULT_SIGNALS = new Set(["SIGSEGV", "SIGABRT", "SIGBUS", "SIGILL", "SIGFPE"]);

/**
 * Runs ffmpeg or ffprobe with `args` (no shell) under `prlimit --as` (MEDIA_MEMORY_LIMIT_MB) and
 * `nice` (MEDIA_TOOL_LIMITS), killing it after `timeoutMs`. Resolves with its standard output (ffprobe's
 * JSON); rejects with a MediaToolError saying why.
 */
export async function runMediaTool(tool: MediaTool, args: string[], timeoutMs: number): Promise<string> {
  let tools;
  try {
    tools = await mediaTools();
  } catch (error) {
    throw new MediaToolError("start", error instanceof Error ? error.message : String(error), "");
  }
  // prlimit and nice exec the tool in place: one process, which the timer kills.
  const command = [
    `--as=${env.MEDIA_MEMORY_LIMIT_MB * 1024 * 1024}`,
    "--",
    tools.nice,
    "-n",
    String(MEDIA_TOOL_LIMITS.niceness),
    tools[tool],
    ...args,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(tools.prlimit, command, { stdio: ["ignore", "pipe", "pipe"] });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new MediaToolError("start", `${tool} could not start: ${error.message}`, stderr));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(Buffer.concat(out).toString("utf8"));
      if (timedOut)
        return reject(
          new MediaToolError("timeout", `${tool} killed at its time limit (${timeoutMs} ms)`, stderr),
        );
      if (signal)
        return reject(
          FAULT_SIGNALS.has(signal)
            ? new MediaToolError("crash", `${tool} died of ${signal}`, stderr)
            : new MediaToolError("signal", `${tool} stopped by ${signal}`, stderr),
        );
      reject(new MediaToolError("exit", `${tool} exited with ${code}`, stderr));
    });
  });
}
