import AxeBuilder from "@axe-core/playwright";
import type { Locator } from "@playwright/test";
import { MEDIA_ALLOWED, expect, openRecorder, test } from "./media-fixtures";
import { addContact, openDialog } from "./reminder-helpers";

// The Voice and Video tabs' recorder, in Chromium with its fake camera and microphone. What
// happens to a clip after it is recorded (upload, processing, sending) is media-flow.spec.ts; a
// refused device is media-denied.spec.ts (another browser set-up).

/** Records about `seconds` seconds, watching the timer run. */
async function record(dialog: Locator, button: string, seconds = 2) {
  await dialog.getByRole("button", { name: button }).click();
  const timer = dialog.getByRole("timer");
  await expect(timer).toBeVisible();
  await expect(timer).toHaveText(new RegExp(`^0:0${seconds} of \\d:00$`), { timeout: (seconds + 5) * 1000 });
  await dialog.getByRole("button", { name: "Stop" }).click();
  await expect(timer).toHaveCount(0);
}

test.use(MEDIA_ALLOWED);

test.describe("with the camera and microphone allowed", () => {
  test("records a voice clip, plays it back, records again and deletes it", async ({ page, signIn }) => {
    const user = await signIn();
    await addContact(user.id, "Ana");
    await page.goto("/reminders");
    const dialog = await openRecorder(page, "Voice");
    // The "Coming soon" labels are gone; the limit is shown before recording.
    await expect(dialog.getByText(/coming soon/i)).toHaveCount(0);
    await expect(dialog.getByText("Record up to 3 minutes of sound.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Create Reminder" })).toBeDisabled();
    await expect(dialog.getByText("The reminder can be saved once the recording is ready.")).toBeVisible();

    await record(dialog, "Record voice");
    await expect(dialog.getByTestId("clip-recorder-voice").getByTestId("media-status")).toHaveText(
      "Recording ready to play back.",
    );
    const playback = dialog.locator("audio[data-testid=media-playback]");
    await expect(playback).toHaveAttribute("src", /^blob:/);
    const firstUrl = await playback.getAttribute("src");
    // A real recording: the browser reads its sound.
    await expect
      .poll(() => playback.evaluate((audio: HTMLAudioElement) => audio.readyState))
      .toBeGreaterThanOrEqual(1);

    await record(dialog, "Record again", 1);
    await expect(playback).toHaveAttribute("src", /^blob:/);
    expect(await playback.getAttribute("src")).not.toBe(firstUrl);

    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(playback).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Record voice" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Create Reminder" })).toBeDisabled();
  });

  test("records a video clip with a live preview and plays it back", async ({ page, signIn }) => {
    const user = await signIn();
    await addContact(user.id, "Ana");
    await page.goto("/reminders");
    const dialog = await openRecorder(page, "Video");
    await expect(dialog.getByText("Record up to 2 minutes of video.")).toBeVisible();
    await dialog.getByRole("button", { name: "Record video" }).click();
    const preview = dialog.getByTestId("media-live-preview");
    await expect(preview).toBeVisible();
    // The fake camera's picture reaches the preview.
    await expect
      .poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth))
      .toBeGreaterThan(0);
    await expect(dialog.getByRole("timer")).toHaveText(/^0:02 of 2:00$/, { timeout: 7_000 });
    await dialog.getByRole("button", { name: "Stop" }).click();
    await expect(preview).toHaveCount(0);
    const playback = dialog.locator("video[data-testid=media-playback]");
    await expect(playback).toHaveAttribute("src", /^blob:/);
    await expect
      .poll(() => playback.evaluate((video: HTMLVideoElement) => video.videoWidth))
      .toBeGreaterThan(0);
    // Switching tabs stops nothing recorded: the clip is there on return.
    await dialog.getByRole("tab", { name: "Text" }).click();
    await expect(playback).toBeHidden();
    await dialog.getByRole("tab", { name: "Video" }).click();
    await expect(playback).toBeVisible();
  });

  test("the timer stops the recording at the limit", async ({ page, signIn }) => {
    await page.clock.install();
    const user = await signIn();
    await addContact(user.id, "Ana");
    await page.goto("/reminders");
    const dialog = await openRecorder(page, "Video");
    await dialog.getByRole("button", { name: "Record video" }).click();
    await expect(dialog.getByRole("timer")).toBeVisible();
    // Let the recorder write a second of real picture, then move the page's clock to the limit.
    await page.waitForTimeout(1_200);
    await page.clock.runFor("02:01");
    await expect(dialog.getByRole("timer")).toHaveCount(0);
    await expect(dialog.getByTestId("clip-recorder-video").getByTestId("media-status")).toHaveText(
      "Recording stopped at the 2:00 limit. Play it back below.",
    );
    await expect(dialog.locator("video[data-testid=media-playback]")).toHaveAttribute("src", /^blob:/);
  });

  test("works at 375 px and by keyboard, and passes axe's checks", async ({ page, signIn }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const user = await signIn();
    await addContact(user.id, "Ana");
    await page.goto("/reminders");
    const dialog = await openDialog(page);
    // Tabs by the arrow keys, then into the panel.
    await dialog.getByRole("tab", { name: "Text" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("tab", { name: "Voice" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Record voice" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("timer")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Stop" })).toBeVisible();
    await dialog.getByRole("button", { name: "Stop" }).focus();
    await page.waitForTimeout(1_100);
    await page.keyboard.press("Enter");
    await expect(dialog.locator("audio[data-testid=media-playback]")).toBeVisible();
    await page.keyboard.press("Tab");
    // Nothing wider than the screen.
    const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const name of ["Record again", "Choose a file", "Delete"]) {
      const box = await dialog.getByRole("button", { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    const results = await new AxeBuilder({ page })
      .include("[role=dialog]")
      .withTags(["wcag2a", "wcag2aa"])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
  });

  test("a browser that cannot record offers the file instead", async ({ page, signIn }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, "MediaRecorder");
    });
    const user = await signIn();
    await addContact(user.id, "Ana");
    await page.goto("/reminders");
    const dialog = await openRecorder(page, "Voice");
    await expect(dialog.getByRole("alert")).toHaveText(
      "This browser cannot record here. Choose a file instead.",
    );
    await expect(dialog.getByRole("button", { name: "Record voice" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Choose a file" })).toBeVisible();
    await expect(dialog.getByTestId("media-file-voice")).toHaveAttribute("accept", "audio/*");
    await dialog.getByTestId("media-file-voice").setInputFiles({
      name: "greeting.ogg",
      mimeType: "audio/ogg",
      buffer: Buffer.from("OggS"),
    });
    await expect(dialog.locator("audio[data-testid=media-playback]")).toHaveAttribute("src", /^blob:/);
  });

  test("a plan without a type shows its tab disabled with the upgrade", async ({ page, signIn }) => {
    const user = await signIn({ planType: "personal" });
    await addContact(user.id, "Ana");
    await page.goto("/reminders");
    const dialog = await openDialog(page);
    await expect(dialog.getByRole("tab", { name: "Voice" })).toBeEnabled();
    const video = dialog.getByRole("tab", { name: /^Video/ });
    await expect(video).toBeDisabled();
    await expect(video).toHaveText("Video(Upgrade)");
    await expect(dialog.getByTestId("media-not-in-plan")).toHaveText(
      "Video reminders are not included in your plan. See plans",
    );
    await expect(dialog.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
  });
});
