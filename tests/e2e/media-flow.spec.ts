import { eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { deliveries, reminders } from "@/db/schema";
import type { MediaKind } from "@/db/schema/enums";
import { e2eDb, gotoWaitsForStreaming } from "./fixtures";
import { MEDIA_ALLOWED, expect, makeMediaFile, test } from "./media-fixtures";
import { addContact, localDate } from "./reminder-helpers";
import { es, fr } from "./shell-helpers";

// The whole way of a recorded reminder, in Spanish and in French: recorded with the fake camera
// and microphone, uploaded and prepared, scheduled, sent by e-mail into the dev outbox, played on
// a phone-sized screen from the link, and "Played" in the reminder's History.

const CATALOGUES = { es, fr };

test.use(MEDIA_ALLOWED);

for (const locale of ["es", "fr"] as const) {
  for (const kind of ["voice", "video"] as const satisfies readonly MediaKind[]) {
    test(`${locale}: a ${kind} reminder is recorded, sent, played and shows as played`, async ({
      page,
      browser,
      signIn,
    }) => {
      test.setTimeout(180_000);
      const t = createTranslator({ locale, messages: CATALOGUES[locale] });
      const user = await signIn({ timezone: "UTC", locale, firstName: "Lucía" });
      const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
      await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, domain: hostname, path: "/" }]);
      const email = `ana-${locale}-${kind}-${Date.now()}@example.com`;
      await addContact(user.id, "Ana", { email, locale });

      await page.goto("/reminders");
      await page
        .getByRole("button", { name: t("reminders.newReminder") })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: t("reminderForm.titleCreate") });
      await dialog.getByRole("tab", { name: t(`reminderForm.types.${kind}`) }).click();
      await dialog.getByRole("button", { name: t("media.record", { kind }) }).click();
      await expect(dialog.getByRole("timer")).toBeVisible();
      await page.waitForTimeout(3_000);
      await dialog.getByRole("button", { name: t("media.stop") }).click();

      // Uploaded, then prepared on the server; Save opens once the clip is ready.
      const status = dialog.getByRole("tabpanel").getByTestId("media-upload-status");
      await expect(status).toContainText(t("media.ready"), { timeout: 90_000 });
      await dialog.getByLabel(t("reminderForm.contact")).selectOption({ label: "Ana" });
      await dialog.getByLabel(t("media.message")).fill("¡Feliz cumpleaños!");
      await dialog.getByLabel(t("reminderForm.deliveryMethod")).selectOption("email");
      await dialog.getByLabel(t("reminderForm.date")).fill(localDate(1, "UTC"));
      const save = dialog.getByRole("button", { name: t("reminderForm.submitCreate") });
      await expect(save).toBeEnabled();
      await save.click();
      await expect(page.getByText(t("reminderForm.created")).last()).toBeVisible();

      // Due now rather than tomorrow: the engine in the server sends it into the outbox.
      const [reminder] = await e2eDb.select().from(reminders).where(eq(reminders.workspaceId, user.id));
      expect(reminder.type).toBe(kind);
      expect(reminder.mediaId).not.toBeNull();
      const now = new Date();
      await e2eDb
        .update(reminders)
        .set({ scheduledFor: now, nextRunAt: now })
        .where(eq(reminders.id, reminder.id));
      const message = page.getByTestId("outbox-message").filter({ hasText: email });
      await expect(async () => {
        await page.goto("/dev/outbox");
        await expect(message).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 60_000 });
      const text = (await message.locator("pre").textContent()) ?? "";
      const link = text.match(/https?:\/\/[^\s"<>)]+\/play\/[^\s"<>).]+/)?.[0];
      expect(link, text).toBeTruthy();

      // The recipient: no session, a phone-sized screen, the contact's language.
      const phone = await browser.newContext({
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const player = gotoWaitsForStreaming(await phone.newPage());
      await player.goto(link ?? "");
      await expect(player.locator("main")).toHaveAttribute("lang", locale);
      await expect(player.getByTestId("playback-message")).toHaveText("¡Feliz cumpleaños!");
      const media = player.locator(kind === "video" ? "video" : "audio");
      await expect(media).toBeVisible();
      const width = await player.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await media.tap();
      await media.evaluate((el: HTMLMediaElement) => el.play().catch(() => undefined));
      await expect.poll(() => media.evaluate((el: HTMLMediaElement) => el.currentTime)).toBeGreaterThan(0);
      await expect
        .poll(async () => {
          const rows = await e2eDb.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
          return rows[0]?.playedAt ?? null;
        })
        .not.toBeNull();
      await phone.close();

      // The sender sees it in the History.
      await page.goto("/reminders");
      await page
        .getByRole("button", { name: t("deliveryLog.history") })
        .first()
        .click();
      const history = page.getByRole("dialog", { name: t("deliveryLog.historyFor", { name: "Ana" }) });
      await expect(history.locator("[data-status=played]")).toHaveText(t("deliveryLog.status.played"));
    });
  }
}

for (const locale of ["es", "fr"] as const) {
  test(`${locale}: a video whose picture is larger than 4K is refused with the reason, at 375 px`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const t = createTranslator({ locale, messages: CATALOGUES[locale] });
    // One frame 4,098 pixels wide: past the longest side allowed, refused from its headers.
    const wide = makeMediaFile("wide.mp4", [
      ...["-f", "lavfi", "-i", "color=black:size=4098x64:rate=1", "-frames:v", "1"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "mp4"],
    ]);
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn({ timezone: "UTC", locale });
    const { hostname } = new URL(process.env.E2E_BASE_URL ?? "");
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, domain: hostname, path: "/" }]);
    await page.goto("/reminders");
    await page
      .getByRole("button", { name: t("reminders.newReminder") })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: t("reminderForm.titleCreate") });
    await dialog.getByRole("tab", { name: t("reminderForm.types.video") }).click();
    await dialog.getByTestId("media-file-video").setInputFiles(wide);

    const alert = dialog.getByRole("tabpanel").getByTestId("media-upload-status").getByRole("alert");
    await expect(alert).toContainText(t("media.unusable"), { timeout: 60_000 });
    await expect(alert).toContainText(t("errors.media_picture_too_large"));
    await expect(dialog.getByRole("button", { name: t("reminderForm.submitCreate") })).toBeDisabled();
    const box = await alert.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}
