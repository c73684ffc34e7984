import { describe, expect, it } from "vitest";
import { listOutboxMessages } from "@/lib/outbox/list-outbox-messages";
import { storeOutboxMessage } from "@/lib/outbox/store-outbox-message";
import { createSignedInUser } from "../../support/users";

const mail = (to: string, text: string, workspaceId: string | null) =>
  storeOutboxMessage({ channel: "email", to, text, workspaceId });

describe("the dev outbox shows a signed-in viewer their workspace's messages", () => {
  it("their workspace's, those of no workspace and those addressed to them; never another workspace's", async () => {
    const ana = await createSignedInUser({ email: "ana@example.com" });
    const luis = await createSignedInUser({ email: "luis@example.com" });
    await mail("maria@example.com", "Ana's reminder to María", ana.workspace.id);
    await mail("paul@example.com", "Luis's reminder to Paul", luis.workspace.id);
    await mail("nobody@example.com", "A sign-in link", null);
    await mail("luis@example.com", "Ana invites Luis", ana.workspace.id);

    const seenBy = async (viewer: typeof ana) =>
      (await listOutboxMessages({ workspaceId: viewer.workspace.id, email: viewer.user.email })).map(
        (m) => m.text,
      );
    expect((await seenBy(ana)).sort()).toEqual([
      "A sign-in link",
      "Ana invites Luis",
      "Ana's reminder to María",
    ]);
    expect((await seenBy(luis)).sort()).toEqual([
      "A sign-in link",
      "Ana invites Luis",
      "Luis's reminder to Paul",
    ]);
    // Signed out (about to sign in with a link listed there): everything.
    expect(await listOutboxMessages(null)).toHaveLength(4);
  });
});
