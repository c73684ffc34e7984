import { describe, expect, it } from "vitest";
import { permissionsOf } from "@/lib/workspaces/permissions-of";

describe("what each role's screens may show", () => {
  it("a viewer reads and changes nothing; a member writes but manages no keys, members or billing", () => {
    expect(permissionsOf("viewer")).toEqual({
      read: true,
      write: false,
      manage_members: false,
      manage_integrations: false,
      manage_settings: false,
      manage_billing: false,
      own: false,
    });
    expect(permissionsOf("member")).toMatchObject({ read: true, write: true, manage_integrations: false });
    expect(permissionsOf("admin")).toMatchObject({ manage_integrations: true, manage_billing: false });
    expect(Object.values(permissionsOf("owner")).every(Boolean)).toBe(true);
  });
});
