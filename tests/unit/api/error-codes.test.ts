import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_CODES } from "@/lib/errors/error-codes";
import { fromZodError } from "@/lib/errors/zod-error";
import { invalidInput } from "@/lib/errors/domain-error";
import { toErrorResponse } from "@/lib/api/to-error-response";
import { buildContactSchema } from "@/lib/validations/contact";
import { REMINDER_MESSAGES, REMINDER_RULE_ERRORS, reminderInputSchema } from "@/lib/validations/reminder";
import { updateUserSchema } from "@/lib/validations/user";
import { REMINDER_ERRORS } from "@/lib/reminders/resolve-reminder-input";
import { REMINDER_MEDIA_ERRORS } from "@/lib/reminders/resolve-reminder-media";
import { CALLS_NOT_IN_PLAN } from "@/lib/reminders/assert-calls-in-plan";
import { GROUP_OVER_QUOTA } from "@/lib/reminders/assert-reminder-quota";
import { GROUP_SEND_NOW } from "@/lib/reminders/assert-sent-alone";
import { MEMBER_REMINDER_READ_ONLY } from "@/lib/reminders/find-own-reminder";
import { GROUP_ERRORS } from "@/lib/reminders/lock-reminder-group";
import { RECIPIENT_FIXED } from "@/lib/reminders/update-reminder";

const messages = (locale: string) =>
  JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as { errors: Record<string, string> };

describe("API error codes", () => {
  it.each(["en", "es", "fr"])("every code has exactly one %s message", (locale) => {
    expect(Object.keys(messages(locale).errors).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("the English message of a domain error is the API's own message", () => {
    const en = messages("en").errors;
    const problems = [
      ...Object.values(REMINDER_ERRORS),
      ...Object.values(REMINDER_MEDIA_ERRORS),
      CALLS_NOT_IN_PLAN,
      ...Object.values(GROUP_ERRORS),
      GROUP_OVER_QUOTA,
      GROUP_SEND_NOW,
      MEMBER_REMINDER_READ_ONLY,
      RECIPIENT_FIXED,
      REMINDER_RULE_ERRORS.callVideo,
      { code: "select_recording", message: REMINDER_MESSAGES.media },
    ];
    for (const problem of problems) expect(en[problem.code]).toBe(problem.message);
  });

  it("the response carries code and message; a plain message gets its status's code", async () => {
    const body = await toErrorResponse(invalidInput(REMINDER_ERRORS.past)).json();
    expect(body).toEqual({
      code: "scheduled_in_past",
      message: "The scheduled time must be in the future",
      field: "scheduledFor",
    });
    expect(await toErrorResponse(invalidInput("Something")).json()).toMatchObject({ code: "invalid_input" });
  });

  it("zod issues map to codes: phone, e-mail, e-mail or phone, reminder rules", () => {
    const codeOf = (result: z.ZodSafeParseResult<unknown>) =>
      result.success ? null : fromZodError(result.error).code;
    expect(codeOf(buildContactSchema().safeParse({ name: "A", phone: "12" }))).toBe("invalid_phone");
    expect(codeOf(buildContactSchema().safeParse({ name: "A", email: "nope" }))).toBe("invalid_email");
    expect(codeOf(buildContactSchema().safeParse({ name: "A" }))).toBe("email_or_phone_required");
    expect(codeOf(updateUserSchema.safeParse({ phone: "12", timezone: "UTC" }))).toBe("invalid_phone");
    expect(
      codeOf(reminderInputSchema.safeParse({ type: "text", scheduleType: "once", deliveryMethod: "email" })),
    ).toBe("select_contact");
    const error = fromZodError(
      (buildContactSchema().safeParse({ name: "A", phone: "12" }) as { error: z.ZodError }).error,
    );
    expect(error.message).toBe("phone: Invalid phone number");
    expect(error.details).toMatchObject({ field: "phone" });
  });
});
