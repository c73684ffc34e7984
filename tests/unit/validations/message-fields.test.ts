import { describe, expect, it } from "vitest";
import { messageFieldsProblem } from "@/lib/validations/message-fields";
import { reminderShapeSchema } from "@/lib/validations/reminder";
import { createTemplateSchema } from "@/lib/validations/template";

const reminder = (message: string) => ({
  contactId: "c1",
  message,
  deliveryMethod: "sms",
  scheduleType: "once",
  scheduledFor: "2030-01-01T09:00",
});

describe("message field validation", () => {
  it("accepts the known fields", () => {
    expect(messageFieldsProblem("{first_name} {name} {sender} {date}")).toBeNull();
    expect(reminderShapeSchema.safeParse(reminder("Hi {first_name}, {date}")).success).toBe(true);
  });

  it("names each unknown field once", () => {
    expect(messageFieldsProblem("Hi {nickname} {nickname} {surname}")).toEqual({
      code: "unknown_fields",
      message:
        "Unknown fields {nickname}, {surname}; the fields are {first_name}, {name}, {sender}, {age}, {date}",
      fields: ["nickname", "surname"],
    });
    const parsed = reminderShapeSchema.safeParse(reminder("Hi {nick}"));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["message"],
      message: "Unknown field {nick}; the fields are {first_name}, {name}, {sender}, {age}, {date}",
      params: { code: "unknown_fields" },
    });
  });

  it("refuses {age} without a contact date that has a year, accepts it with one", () => {
    expect(messageFieldsProblem("Happy {age}th")?.code).toBe("age_needs_birth_year");
    expect(
      messageFieldsProblem("Happy {age}th", { contactDate: { month: 3, day: 3, year: null } })?.code,
    ).toBe("age_needs_birth_year");
    expect(
      messageFieldsProblem("Happy {age}th", { contactDate: { month: 3, day: 3, year: 1990 } }),
    ).toBeNull();
    // The body schema leaves {age} to the server, which knows the reminder's contact date.
    expect(reminderShapeSchema.safeParse(reminder("Happy {age}th")).success).toBe(true);
  });

  it("lets a template keep {age} for reminders made from a dated contact, but not unknown fields", () => {
    expect(createTemplateSchema.safeParse({ name: "B", body: "Happy {age}th, {first_name}" }).success).toBe(
      true,
    );
    expect(createTemplateSchema.safeParse({ name: "B", body: "Happy {years}" }).success).toBe(false);
  });
});
