import "server-only";
import { spawn } from "node:child_process";
import { mediaToolPath, type MediaTool } from "./media-tools";

/** ffmpeg or ffprobe failed (non-zero exit, killed at its time limit, or could not start). */
export class MediaToolError extends Error {
  constructor(
    /** `exit`: the tool ran and refused (for ffprobe: not a file it can read). */
    readonly reason: "exit" | "timeout" | "start",
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = "MediaToolError";
  }
}

// Enough of ffmpeg's complaint to log; its progress output can be long.
const STDERR_TAIL = 4_000;

/**
 * Runs the packaged tool with `args` (no shell), killing it after `timeoutMs`. Resolves with its
 * standard output (ffprobe's JSON); rejects with a MediaToolError.
 */
export async function runMediaTool(tool: MediaTool, args: string[], timeoutMs: number): Promise<string> {
  const binary = await mediaToolPath(tool);
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ["ignore", "pipe", "pipe"],
      timeout: timeoutMs,
      killSignal: "SIGKILL",
    });
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    child.on("error", (error) =>
      reject(new MediaToolError("start", `${tool} could not start: ${error.message}`, stderr)),
    );
    child.on("close", (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else if (signal)
        reject(
          new MediaToolError("timeout", `${tool} stopped by ${signal} (time limit ${timeoutMs} ms)`, stderr),
        );
      else reject(new MediaToolError("exit", `${tool} exited with ${code}`, stderr));
    });
  });
}
