import { describe, expect, it } from "vitest";
import { firstRunChecklist } from "@/lib/dashboard/first-run-checklist";

const newUser = {
  timezone: "UTC",
  senderName: null,
  firstName: null,
  lastName: null,
  name: null,
  email: "new@example.com",
  checklistHiddenAt: null,
};
const none = { contacts: 0, reminders: 0 };
const doneKeys = (steps: ReturnType<typeof firstRunChecklist>) =>
  steps?.filter((s) => s.done).map((s) => s.key);

describe("firstRunChecklist", () => {
  it("lists the three steps, none done, for a new account, each with where it is done", () => {
    expect(firstRunChecklist(newUser, none)).toEqual([
      { key: "profile", done: false, href: "/settings" },
      { key: "contact", done: false, href: "/contacts" },
      { key: "reminder", done: false, href: "/reminders?new=1" },
    ]);
  });

  it("ticks the profile step only with both a chosen zone and a name to sign with", () => {
    expect(doneKeys(firstRunChecklist({ ...newUser, timezone: "Europe/Madrid" }, none))).toEqual([]);
    expect(doneKeys(firstRunChecklist({ ...newUser, senderName: "Ana" }, none))).toEqual([]);
    expect(
      doneKeys(firstRunChecklist({ ...newUser, timezone: "Europe/Madrid", firstName: "Ana" }, none)),
    ).toEqual(["profile"]);
  });

  it("ticks the contact and reminder steps from the counts", () => {
    expect(doneKeys(firstRunChecklist(newUser, { contacts: 1, reminders: 0 }))).toEqual(["contact"]);
    expect(doneKeys(firstRunChecklist(newUser, { contacts: 1, reminders: 2 }))).toEqual([
      "contact",
      "reminder",
    ]);
  });

  it("is gone once every step is done, or once hidden", () => {
    const ready = { ...newUser, timezone: "Europe/Madrid", senderName: "Ana" };
    expect(firstRunChecklist(ready, { contacts: 1, reminders: 1 })).toBeNull();
    expect(firstRunChecklist({ ...newUser, checklistHiddenAt: new Date() }, none)).toBeNull();
  });
});
