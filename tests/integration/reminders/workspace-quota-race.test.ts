import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/reminders/route";
import { reminders, workspaceEvents } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { createContact, localInDays } from "../../support/reminders";
import { createSignedInMember, createSignedInUser } from "../../support/users";

const body = (contactId: string) => ({
  contactId,
  type: "text",
  message: "Your appointment is tomorrow",
  deliveryMethod: "email",
  scheduleType: "once",
  scheduledFor: localInDays(3),
});

const post = (cookie: string, contactId: string) =>
  callRoute(POST, "/api/reminders", { method: "POST", cookie, body: body(contactId) });

describe("one workspace's quota, two members creating at once", () => {
  it("exactly the remaining quota succeeds, whichever member asks, and each create names its member", async () => {
    // Quota 10 with 4 used: 6 remain, for the owner and the member together.
    const owner = await createSignedInUser({ remindersQuota: 10, remindersUsedCurrentPeriod: 4 });
    const member = await createSignedInMember(owner.workspace, "member");
    const contact = await createContact(owner.user.id);
    const calls = Array.from({ length: 20 }, (_, i) =>
      post(i % 2 === 0 ? owner.cookie : member.cookie, contact.id).then((res) => ({ res, by: i % 2 })),
    );
    const results = await Promise.all(calls);
    expect(results.filter(({ res }) => res.status === 201)).toHaveLength(6);
    expect(
      results.filter(({ res }) => res.status === 403 && (res.json as { code?: string }).code === "reminder_limit"),
    ).toHaveLength(14);
    const rows = await db.select().from(reminders).where(eq(reminders.workspaceId, owner.workspace.id));
    expect(rows).toHaveLength(6);
    // Each reminder names the member whose request made it.
    const madeBy = results
      .filter(({ res }) => res.status === 201)
      .map(({ res, by }) => [(res.json as { id: string }).id, by === 0 ? owner.user.id : member.user.id]);
    expect(rows.map((row) => [row.id, row.createdBy]).sort()).toEqual(madeBy.sort());
    // And the trail has one line per reminder made, by its member.
    const trail = await db.select().from(workspaceEvents).where(eq(workspaceEvents.workspaceId, owner.workspace.id));
    expect(trail.filter((e) => e.kind === "reminder.created").map((e) => [e.subjectId, e.actorId]).sort()).toEqual(
      madeBy.sort(),
    );
  });
});
