import { describe, expect, it } from "vitest";
import { contacts, reminders, type Workspace } from "@/db/schema";
import { db } from "@/lib/db";
import { getDashboardData } from "@/lib/dashboard/get-dashboard-data";
import { getShellSummary } from "@/lib/dashboard/get-shell-summary";
import { createSignedInMember, createSignedInUser } from "../../support/users";

/** `n` contacts, each with a scheduled reminder, in `workspace`. */
async function fill(workspace: Workspace, n: number) {
  for (let i = 0; i < n; i++) {
    const [contact] = await db
      .insert(contacts)
      .values({ workspaceId: workspace.id, name: `C${i}`, email: `c${i}-${workspace.id}@example.org` })
      .returning();
    const at = new Date(Date.now() + (i + 1) * 3_600_000);
    await db.insert(reminders).values({
      workspaceId: workspace.id,
      contactId: contact.id,
      type: "text",
      message: `Reminder ${i}`,
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: at,
      nextRunAt: at,
    });
  }
}

describe("dashboard and sidebar figures of the workspace acted in", () => {
  it("a member sees the team's contacts, reminders and plan, not those of their own workspace", async () => {
    const { workspace: team } = await createSignedInUser({
      planType: "professional",
      remindersQuota: 5000,
      remindersUsedCurrentPeriod: 12,
    });
    const member = await createSignedInMember(team, "viewer");
    await fill(team, 3);
    // The member's own workspace (its id is theirs) holds one contact of its own.
    await fill({ ...team, id: member.user.id }, 1);
    const data = await getDashboardData(member.actor.workspace);
    expect(data).toMatchObject({
      planType: "professional",
      totalContacts: 3,
      activeReminders: 3,
      sentThisMonth: 12,
      remaining: 4988,
    });
    expect(data.recent).toHaveLength(3);
    expect(await getShellSummary(member.actor.workspace)).toMatchObject({
      planType: "professional",
      contactsUsed: 3,
      contactsLimit: 500,
      remindersUsed: 12,
    });
  });
});
