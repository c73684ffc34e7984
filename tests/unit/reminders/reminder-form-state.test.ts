import { describe, expect, it } from "vitest";
import { emptyFormState, formStateFrom, toRequestBody } from "@/components/reminders/reminder-form-state";
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
});
