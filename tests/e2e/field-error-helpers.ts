import type { Locator } from "@playwright/test";
import { expect } from "./fixtures";

/** The control shows `text` under it: invalid, described by an announced error, and focused. */
export async function expectFieldError(control: Locator, text: string) {
  await expect(control).toBeFocused();
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(" ").find((id) => id.endsWith("-error"));
  expect(errorId).toBeTruthy();
  const error = control.page().locator(`[id="${errorId}"]`);
  await expect(error).toHaveText(text);
  await expect(error).toHaveAttribute("role", "alert");
}
