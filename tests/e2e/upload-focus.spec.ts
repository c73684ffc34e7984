import { expect, test } from "./fixtures";

for (const close of ["Escape", "close button"] as const) {
  test(`closing the photo upload dialog (${close}) gives focus back to the button that opened it`, async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Add Contact" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Contact" });
    const upload = dialog.getByRole("button", { name: "Upload Photo" });
    await upload.focus();
    await page.keyboard.press("Enter");
    const modal = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
    await expect(modal).toBeVisible();
    await expect(upload).not.toBeFocused();
    if (close === "Escape") await page.keyboard.press("Escape");
    else await page.locator(".uppy-Dashboard-close").click();
    await expect(modal).toBeHidden();
    // The contact form stays open, with focus where the user left it.
    await expect(dialog).toBeVisible();
    await expect(upload).toBeFocused();
    // And it opens again from the keyboard.
    await page.keyboard.press("Enter");
    await expect(modal).toBeVisible();
  });
}

for (const arrival of ["opened directly", "reached from the dashboard"] as const) {
  test(`the photo upload dialog is styled by Uppy's stylesheets in the built app (${arrival})`, async ({
    page,
    signIn,
  }) => {
    await signIn();
    if (arrival === "opened directly") await page.goto("/contacts");
    else {
      await page.goto("/");
      await page.getByRole("link", { name: "Contacts" }).first().click();
      await expect(page).toHaveURL(/\/contacts$/);
    }
    await page.getByRole("button", { name: "Add Contact" }).first().click();
    await page
      .getByRole("dialog", { name: "Add Contact" })
      .getByRole("button", { name: "Upload Photo" })
      .click();
    const inner = page.locator(".uppy-Dashboard--modal .uppy-Dashboard-inner");
    await expect(inner).toBeVisible();
    // @uppy/dashboard's sheet floats the dialog over a dimmed page...
    await expect(inner).toHaveCSS("position", "fixed");
    await expect(page.locator(".uppy-Dashboard--modal .uppy-Dashboard-overlay")).toHaveCSS(
      "background-color",
      "rgba(0, 0, 0, 0.5)",
    );
    // ...and @uppy/core's resets its buttons.
    await expect(page.locator(".uppy-Dashboard-close")).toHaveCSS("cursor", "pointer");
  });
}
