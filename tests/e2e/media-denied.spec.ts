import { expect, openRecorder, test } from "./media-fixtures";
import { addContact } from "./reminder-helpers";

// No prompt answered for the user and no permission granted: Chromium refuses the fake devices,
// as it does for a user who blocked them.
test.use({ fakeMediaUi: false, permissions: [] });

test("a refused microphone or camera says so and offers a file", async ({ page, signIn }) => {
  const user = await signIn();
  await addContact(user.id, "Ana");
  await page.goto("/reminders");
  let dialog = await openRecorder(page, "Voice");
  await dialog.getByRole("button", { name: "Record voice" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Access to the microphone was refused. Allow it in your browser's site settings and try again, or choose a file instead.",
  );
  await expect(dialog.getByRole("timer")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Choose a file" })).toBeVisible();
  await page.keyboard.press("Escape");

  dialog = await openRecorder(page, "Video");
  await dialog.getByRole("button", { name: "Record video" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Access to the camera or microphone was refused.");
});
