import { describe, expect, it } from "vitest";
import { emptyFormState, formStateFrom, toRequestBody } from "@/components/reminders/reminder-form-state";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";

describe("the dialog's confirmation fields", () => {
  const base = { ...emptyFormState("c1"), message: "Hi", date: "2030-05-06" };

  it("sends the ask and the follow-up minutes for SMS and WhatsApp", () => {
    const body = toRequestBody({
      ...base,
      deliveryMethod: "whatsapp",
      askConfirmation: true,
      followUpMinutes: "180",
    });
    expect(body).toMatchObject({ askConfirmation: true, followUpMinutes: 180 });
    const noFollowUp = toRequestBody({
      ...base,
      deliveryMethod: "sms",
      askConfirmation: true,
      followUpMinutes: "",
    });
    expect(noFollowUp).toMatchObject({ askConfirmation: true, followUpMinutes: null });
  });

  it("drops both when the method is e-mail or the ask is off", () => {
    expect(
      toRequestBody({ ...base, deliveryMethod: "email", askConfirmation: true, followUpMinutes: "60" }),
    ).toMatchObject({ askConfirmation: false, followUpMinutes: null });
    expect(
      toRequestBody({ ...base, deliveryMethod: "sms", askConfirmation: false, followUpMinutes: "60" }),
    ).toMatchObject({ askConfirmation: false, followUpMinutes: null });
  });

  it("prefills them from a stored reminder", () => {
    const dto = {
      contactId: "c1",
      type: "text",
      message: "Hi",
      deliveryMethod: "sms",
      scheduleType: "once",
      localDateTime: "2030-05-06T09:00",
      frequencyConfig: null,
      askConfirmation: true,
      followUpMinutes: 1440,
    } as unknown as ReminderDto;
    expect(formStateFrom(dto)).toMatchObject({ askConfirmation: true, followUpMinutes: "1440" });
  });
});
