import { describe, expect, it } from "vitest";
import { DomainError, conflict, invalidInput } from "@/lib/errors/domain-error";
import { errorDetails, fieldOfCode } from "@/lib/errors/error-field";
import { toErrorResponse } from "@/lib/api/to-error-response";
import { fieldProblemsOf } from "@/lib/api-client/field-problems";
import { ApiRequestError } from "@/lib/api-client/request";
import type { CallFailure } from "@/lib/api-client/call-result";
import { buildContactSchema } from "@/lib/validations/contact";
import { reminderInputSchema } from "@/lib/validations/reminder";

/** A failure as the browser sees it: the API's JSON body through the fetch client's shape. */
async function asFailure(error: unknown): Promise<CallFailure> {
  const response = toErrorResponse(error);
  const { code, message, ...details } = (await response.json()) as Record<string, unknown>;
  return { ok: false, status: response.status, code: code as string, message: message as string, details };
}

const failed = <T>(result: { success: boolean; error?: T }) => {
  if (result.success || !result.error) throw new Error("expected a refusal");
  return result.error;
};

describe("the field an error concerns (server)", () => {
  it("a domain refusal gets the field its code names", async () => {
    expect(errorDetails(conflict({ code: "duplicate_email", message: "dup" }))).toEqual({ field: "email" });
    expect(errorDetails(invalidInput({ code: "scheduled_in_past", message: "past" }))).toEqual({
      field: "scheduledFor",
    });
    const body = await toErrorResponse(conflict({ code: "duplicate_phone", message: "dup" })).json();
    expect(body).toEqual({ code: "duplicate_phone", message: "dup", field: "phone" });
  });

  it("a field the thrower named is kept; a code that names none adds nothing", () => {
    const named = invalidInput({ code: "enter_message", message: "m" }, { field: "body" });
    expect(errorDetails(named)).toEqual({ field: "body" });
    expect(errorDetails(new DomainError("forbidden", { code: "reminder_limit", message: "x" }))).toEqual({});
    expect(fieldOfCode("no_credit")).toBeUndefined();
    expect(fieldOfCode(null)).toBeUndefined();
  });
});

describe("fieldProblemsOf (browser)", () => {
  it("reads every zod issue of an API refusal, one per path, in order", async () => {
    const error = failed(buildContactSchema().safeParse({ name: " ", phone: "12" }));
    const failure = await asFailure(error);
    expect(fieldProblemsOf(failure)).toEqual([
      { path: "name", code: "invalid_input", message: "Name is required" },
      { path: "phone", code: "invalid_phone", message: expect.any(String) },
    ]);
  });

  it("gives a reminder rule without a path the field its code names", async () => {
    const body = {
      contactId: null,
      type: "text",
      message: "Hi",
      deliveryMethod: "email",
      scheduleType: "once",
    };
    const error = failed(reminderInputSchema.safeParse(body));
    expect(fieldProblemsOf(error)).toEqual([
      { path: "contactId", code: "select_contact", message: expect.any(String) },
    ]);
    expect(fieldProblemsOf(await asFailure(error))).toEqual([
      { path: "contactId", code: "select_contact", message: expect.any(String) },
    ]);
    const weekly = failed(
      reminderInputSchema.safeParse({
        contactId: "c1",
        type: "text",
        message: "Hi",
        deliveryMethod: "email",
        scheduleType: "recurring",
        frequency: "weekly",
        frequencyConfig: { time: "09:00", days: [], endCondition: "never" },
      }),
    );
    expect(fieldProblemsOf(weekly).map((p) => [p.path, p.code])).toEqual([
      ["frequencyConfig.days", "select_days"],
    ]);
  });

  it("reads a domain refusal's field from a thrown request error too", async () => {
    const response = toErrorResponse(
      conflict({ code: "duplicate_template_name", message: "You already have a template with this name" }),
    );
    const text = await response.text();
    const thrown = new ApiRequestError(409, text, "", JSON.parse(text), "duplicate_template_name");
    expect(fieldProblemsOf(thrown)).toEqual([
      {
        path: "name",
        code: "duplicate_template_name",
        message: "You already have a template with this name",
      },
    ]);
  });

  it("is empty for a refusal of the whole request and for anything that is not one", async () => {
    const limit = await asFailure(
      new DomainError(
        "forbidden",
        { code: "reminder_limit", message: "Reminder limit reached" },
        { limit: "reminders" },
      ),
    );
    expect(fieldProblemsOf(limit)).toEqual([]);
    expect(fieldProblemsOf(new TypeError("Failed to fetch"))).toEqual([]);
    expect(fieldProblemsOf(null)).toEqual([]);
  });
});
