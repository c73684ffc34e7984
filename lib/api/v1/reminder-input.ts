import "server-only";
import { z } from "zod";
import { FREQUENCIES } from "@/db/schema/enums";
import { MESSAGE_FIELDS_DESCRIPTION, messageSchema } from "@/lib/validations/message-fields";
import { LOCAL_DATE_TIME, reminderShapeSchema } from "@/lib/validations/reminder";

// The reminder body as the document describes it: every field (unknown ones refused), and the
// three choices a body makes, each a union whose branches say what that choice requires. The
// routes validate with reminderInputSchema, whose rules check the same requirements one at a time
// with the form's messages; tests/unit/api/reminder-input-document.test.ts holds the two together.

const id = z.string().min(1).max(100);
/** A field the branch leaves out: absent or null. */
const absent = z.null().optional();

const oneTime = z
  .object({
    scheduleType: z.literal("once"),
    scheduledFor: z.string().max(16).regex(LOCAL_DATE_TIME).meta({
      description: "The wall time in your account's time zone, `YYYY-MM-DDTHH:MM`.",
    }),
  })
  .meta({ id: "ReminderOneTime", description: "Sent once, at `scheduledFor`." });

const recurring = z.object({ scheduleType: z.literal("recurring"), frequency: z.enum(FREQUENCIES) }).meta({
  id: "ReminderRecurring",
  description:
    "Repeats by `frequency` and `frequencyConfig` (a weekly reminder names its `days`; one ending `by` a date gives `endByDate`).",
});

const toContact = z
  .object({ contactId: id, groupId: absent })
  .meta({ id: "ReminderToContact", description: "To one of your contacts." });

const toGroup = z.object({ groupId: id, contactId: absent }).meta({
  id: "ReminderToGroup",
  description: "To every member of one of your groups, each their own message and delivery.",
});

const text = z
  .object({
    type: z.literal("text").optional(),
    message: messageSchema({ allowAge: true })
      .regex(/\S/)
      .meta({ description: `Not blank. ${MESSAGE_FIELDS_DESCRIPTION}` }),
    mediaId: absent,
  })
  .meta({ id: "ReminderText", description: "A text reminder (the default `type`): its message." });

const recording = z.object({ type: z.enum(["voice", "video"]), mediaId: id }).meta({
  id: "ReminderRecording",
  description: "A voice or video reminder: the `mediaId` of a ready recording (`message` is optional).",
});

/** POST /reminders and PUT /reminders/{id} as the document shows them. */
export const reminderInputDocument = z
  .intersection(
    z.intersection(
      z.intersection(reminderShapeSchema.meta({ id: "ReminderFields" }), z.union([oneTime, recurring])),
      z.union([toContact, toGroup]),
    ),
    z.union([text, recording]),
  )
  .meta({
    id: "ReminderInput",
    description:
      "Every field a reminder may carry (ReminderFields), and three choices: once or recurring, to a contact or to a group, text or a recording.",
  });
