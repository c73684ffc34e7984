import { describe, expect, it } from "vitest";
import { emptyFormState, formStateFrom, toRequestBody } from "@/components/reminders/reminder-form-state";
import type { MediaDto } from "@/lib/media/media-dto";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { reminderInputSchema } from "@/lib/validations/reminder";

describe("reminder dialog state", () => {
  it("starts with the dialog's defaults: 09:00, one-time, end never, end-after 10", () => {
    expect(emptyFormState("c1")).toMatchObject({
      contactId: "c1",
      type: "text",
      scheduleType: "once",
      hour: "09",
      minute: "00",
      endCondition: "never",
      endAfterCount: 10,
    });
  });

  it("sends scheduledFor for one-time and frequency + frequencyConfig for recurring", () => {
    const once = toRequestBody({
      ...emptyFormState("c1"),
      message: "Hi",
      date: "2030-05-06",
      hour: "07",
      minute: "05",
    });
    expect(once).toEqual({
      contactId: "c1",
      type: "text",
      message: "Hi",
      deliveryMethod: "email",
      scheduleType: "once",
      askConfirmation: false,
      followUpMinutes: null,
      scheduledFor: "2030-05-06T07:05",
    });
    const weekly = toRequestBody({
      ...emptyFormState("c1"),
      message: "Hi",
      scheduleType: "recurring",
      frequency: "weekly",
      days: ["Mon", "Fri"],
      dayOfMonth: 9,
      endCondition: "after",
      endAfterCount: 3,
    });
    expect(weekly).toMatchObject({
      frequency: "weekly",
      frequencyConfig: { time: "09:00", days: ["Mon", "Fri"], endCondition: "after", endAfterCount: 3 },
    });
    expect(weekly.frequencyConfig).not.toHaveProperty("dayOfMonth");
    expect(reminderInputSchema.safeParse(weekly).success).toBe(true);
  });

  it("prefills the edit dialog from a stored reminder and sends back the same schedule", () => {
    const dto = {
      id: "r1",
      contactId: "c1",
      type: "text",
      message: "Rent",
      deliveryMethod: "sms",
      scheduleType: "recurring",
      localDateTime: null,
      frequency: "yearly",
      frequencyConfig: {
        time: "18:45",
        month: 2,
        dayOfMonth: 29,
        endCondition: "by",
        endByDate: "2040-01-01",
      },
    } as unknown as ReminderDto;
    const state = formStateFrom(dto);
    expect(state).toMatchObject({
      hour: "18",
      minute: "45",
      month: 2,
      dayOfMonth: 29,
      endByDate: "2040-01-01",
    });
    expect(toRequestBody(state)).toEqual({
      contactId: "c1",
      type: "text",
      message: "Rent",
      deliveryMethod: "sms",
      scheduleType: "recurring",
      askConfirmation: false,
      followUpMinutes: null,
      frequency: "yearly",
      frequencyConfig: {
        time: "18:45",
        dayOfMonth: 29,
        month: 2,
        endCondition: "by",
        endByDate: "2040-01-01",
      },
    });
  });

  const clip = (kind: "voice" | "video", status: "ready" | "processing" = "ready"): MediaDto => ({
    id: `m-${kind}`,
    kind,
    status,
    filename: `${kind}.webm`,
    durationMs: status === "ready" ? 20_000 : null,
    failureReason: null,
    playbackUrl: status === "ready" ? `/api/media/m-${kind}/playback` : null,
    posterUrl: null,
    createdAt: "2030-01-01T00:00:00.000Z",
  });

  it("sends a voice or video reminder with its type's ready clip and the optional text", () => {
    const base = {
      ...emptyFormState("c1"),
      date: "2030-05-06",
      media: { voice: clip("voice"), video: clip("video") },
    };
    expect(toRequestBody({ ...base, type: "voice", message: "  " })).toMatchObject({
      type: "voice",
      mediaId: "m-voice",
      message: null,
    });
    expect(toRequestBody({ ...base, type: "video", message: "Happy birthday!" })).toMatchObject({
      type: "video",
      mediaId: "m-video",
      message: "Happy birthday!",
    });
    // No clip yet: nothing to name (the dialog keeps Save disabled meanwhile).
    expect(toRequestBody({ ...emptyFormState("c1"), type: "video" })).toMatchObject({ mediaId: null });
    // Text reminders carry no clip, even one recorded in another tab.
    expect(toRequestBody({ ...base, type: "text", message: "Hi" })).not.toHaveProperty("mediaId");
  });

  it("opens a recorded reminder with its clip when the clip is ready", () => {
    const dto = (media: MediaDto) =>
      ({
        contactId: "c1",
        type: media.kind,
        message: null,
        deliveryMethod: "email",
        scheduleType: "once",
        localDateTime: "2030-05-06T09:00",
        frequency: null,
        frequencyConfig: null,
        media,
      }) as unknown as ReminderDto;
    expect(formStateFrom(dto(clip("video"))).media).toEqual({ video: clip("video") });
    expect(formStateFrom(dto(clip("voice", "processing"))).media).toEqual({});
    expect(toRequestBody(formStateFrom(dto(clip("video"))))).toMatchObject({
      type: "video",
      mediaId: "m-video",
    });
  });

  it("sends an interval, an nth weekday or a day of the month, and a kept first day; opens them back", () => {
    const base = { ...emptyFormState("c1"), message: "Hi", scheduleType: "recurring" as const };
    const monthly = { ...base, frequency: "monthly" as const, interval: 3, dayOfMonth: 31 };
    expect(toRequestBody(monthly).frequencyConfig).toEqual({
      time: "09:00",
      dayOfMonth: 31,
      interval: 3,
      endCondition: "never",
    });
    const lastFriday = {
      ...monthly,
      interval: 1,
      monthlyBy: "weekday" as const,
      nthWeekday: -1 as const,
      nthDay: "Fri" as const,
    };
    expect(toRequestBody(lastFriday).frequencyConfig).toEqual({
      time: "09:00",
      nthWeekday: -1,
      days: ["Fri"],
      endCondition: "never",
    });
    const yearly = {
      ...lastFriday,
      frequency: "yearly" as const,
      month: 5,
      nthWeekday: 2 as const,
      nthDay: "Sun" as const,
    };
    expect(toRequestBody(yearly).frequencyConfig).toMatchObject({ month: 5, nthWeekday: 2, days: ["Sun"] });
    const weekly = {
      ...base,
      frequency: "weekly" as const,
      interval: 2,
      days: ["Tue" as const],
      anchorDate: "2026-03-10",
    };
    expect(toRequestBody(weekly).frequencyConfig).toEqual({
      time: "09:00",
      days: ["Tue"],
      interval: 2,
      anchorDate: "2026-03-10",
      endCondition: "never",
    });
    for (const state of [monthly, lastFriday, yearly, weekly]) {
      const body = toRequestBody(state);
      expect(reminderInputSchema.safeParse(body).success).toBe(true);
      const reopened = formStateFrom({
        ...({} as ReminderDto),
        contactId: "c1",
        type: "text",
        message: "Hi",
        deliveryMethod: "email",
        scheduleType: "recurring",
        localDateTime: null,
        frequency: body.frequency ?? null,
        frequencyConfig: body.frequencyConfig as ReminderDto["frequencyConfig"],
        fallback: [],
        media: null,
      } as ReminderDto);
      expect(toRequestBody(reopened).frequencyConfig).toEqual(body.frequencyConfig);
    }
  });
});
