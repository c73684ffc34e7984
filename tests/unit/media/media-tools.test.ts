import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect, it, vi } from "vitest";

const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-tools-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.FFMPEG_PATH;
  delete process.env.FFPROBE_PATH;
  vi.resetModules();
});

/** lib/env and media-tools read afresh with the environment as it is now. */
async function load() {
  vi.resetModules();
  return (await import("@/lib/media/media-tools")).mediaTools;
}

/** An executable that answers `-version` as `tool` of `release` would. */
function fakeRelease(tool: string, release: string) {
  const file = path.join(dir, `${tool}-${release}`);
  writeFileSync(file, `#!/bin/sh\necho "${tool} version ${release} Copyright (c) the FFmpeg developers"\n`);
  chmodSync(file, 0o755);
  return file;
}

it("finds ffmpeg and ffprobe of one release on PATH", async () => {
  const tools = await (await load())();
  expect(tools.ffmpeg).toMatch(/\/ffmpeg$/);
  expect(tools.ffprobe).toMatch(/\/ffprobe$/);
  expect(tools.version).toMatch(/^\d+\.\d+/);
  expect(tools.prlimit).toMatch(/\/prlimit$/);
});

it("refuses an ffprobe of another release than ffmpeg, naming both", async () => {
  process.env.FFMPEG_PATH = fakeRelease("ffmpeg", "5.1.9");
  process.env.FFPROBE_PATH = fakeRelease("ffprobe", "6.0");
  await expect((await load())()).rejects.toThrow(
    /ffmpeg \(.*5\.1\.9\) and ffprobe \(.*6\.0\) are from different releases/,
  );
  process.env.FFPROBE_PATH = fakeRelease("ffprobe", "5.1.9");
  expect((await (await load())()).version).toBe("5.1.9");
});

it("says what to do when a configured path is not an executable", async () => {
  process.env.FFMPEG_PATH = path.join(dir, "missing-ffmpeg");
  await expect((await load())()).rejects.toThrow(
    /FFMPEG_PATH=.*missing-ffmpeg is not an executable file: install/,
  );
});
