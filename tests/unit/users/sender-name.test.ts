import { describe, expect, it } from "vitest";
import { isAddressOnly } from "@/lib/messages/compose-message";
import { hasSenderName, senderNameOf } from "@/lib/users/sender-name";

const nobody = { senderName: null, firstName: null, lastName: null, name: null, email: "ana@example.com" };

describe("a name to sign reminders with", () => {
  it("without one, the sender is the e-mail address and the dashboard asks for a name", () => {
    expect(senderNameOf(nobody)).toBe("ana@example.com");
    expect(isAddressOnly(senderNameOf(nobody))).toBe(true);
    expect(hasSenderName(nobody)).toBe(false);
    expect(hasSenderName({ ...nobody, senderName: "  " })).toBe(false);
  });

  it.each([{ senderName: "Ana" }, { firstName: "Ana" }, { lastName: "López" }, { name: "Ana López" }])(
    "%j is a name",
    (set) => {
      expect(hasSenderName({ ...nobody, ...set })).toBe(true);
      expect(isAddressOnly(senderNameOf({ ...nobody, ...set }))).toBe(false);
    },
  );
});
