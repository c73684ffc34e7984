import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { test as base } from "./fixtures";
import { openDialog } from "./reminder-helpers";

/**
 * Chromium with its fake camera and microphone (a test pattern and a beep) for the recorder
 * specs. `fakeMediaUi` answers the browser's permission prompt with "allow"; turned off (and no
 * permission granted to the context), the headless browser refuses the devices as a user would.
 */
export const test = base.extend<object, { fakeMediaUi: boolean }>({
  fakeMediaUi: [true, { scope: "worker", option: true }],
  launchOptions: [
    async ({ launchOptions, fakeMediaUi }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          "--use-fake-device-for-media-stream",
          ...(fakeMediaUi ? ["--use-fake-ui-for-media-stream"] : []),
        ],
      });
    },
    { scope: "worker" },
  ],
});

/** The context options of a user who allowed the camera and microphone. */
export const MEDIA_ALLOWED = { permissions: ["camera", "microphone"] };

/** The reminder dialog open on the Voice or Video tab. */
export async function openRecorder(page: Page, tab: "Voice" | "Video") {
  const dialog = await openDialog(page);
  await dialog.getByRole("tab", { name: tab }).click();
  return dialog;
}

/**
 * A file made by ffmpeg with `args` (inputs, codecs, container), found as processing finds it:
 * FFMPEG_PATH, else `ffmpeg` on PATH (lib/media/media-tools.ts, which server-only code keeps from
 * the test runner).
 */
export function makeMediaFile(name: string, args: string[]): string {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), "remindful-e2e-media-")), name);
  execFileSync(process.env.FFMPEG_PATH || "ffmpeg", ["-nostdin", "-v", "error", "-y", ...args, out]);
  return out;
}

export { expect } from "./fixtures";
