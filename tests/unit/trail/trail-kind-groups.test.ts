import { describe, expect, it } from "vitest";
import { TRAIL_KIND_GROUPS, TRAIL_KIND_GROUP_NAMES } from "@/config/activity-trail";
import { WORKSPACE_EVENT_KINDS } from "@/db/schema/enums";
import { trailKindGroup } from "@/lib/trail/trail-kind-group";

describe("the trail's kind filter", () => {
  it("puts every kind the trail records in exactly one group", () => {
    const grouped = TRAIL_KIND_GROUP_NAMES.flatMap((group) => [...TRAIL_KIND_GROUPS[group]]);
    expect([...grouped].sort()).toEqual([...WORKSPACE_EVENT_KINDS].sort());
  });

  it("finds a kind's group", () => {
    expect(trailKindGroup("reminder.sent_now")).toBe("reminders");
    expect(trailKindGroup("contacts.imported")).toBe("contacts");
    expect(trailKindGroup("invitation.revoked")).toBe("team");
    expect(trailKindGroup("webhook.secret_rotated")).toBe("integrations");
    expect(trailKindGroup("billing.seats_changed")).toBe("billing");
    expect(trailKindGroup("workspace.ownership_transferred")).toBe("workspace");
  });
});
