import { expect, it } from "vitest";
import { busyMediaFlags, inMediaSlot } from "@/lib/media/media-slots";

it("a process busy with MEDIA_CONCURRENCY encodes (1) fetches no more media jobs and runs no second one", async () => {
  expect(busyMediaFlags()).toBeNull();
  let finish!: () => void;
  const first = inMediaSlot(() => new Promise<string>((resolve) => (finish = () => resolve("done"))));
  expect(busyMediaFlags()).toEqual(["media"]);
  let ran = false;
  expect(await inMediaSlot(async () => (ran = true))).toEqual({ ran: false });
  expect(ran).toBe(false);
  finish();
  expect(await first).toEqual({ ran: true, value: "done" });
  expect(busyMediaFlags()).toBeNull();
  // A failed encode frees its slot too.
  await expect(inMediaSlot(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  expect(busyMediaFlags()).toBeNull();
});
