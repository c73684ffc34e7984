import { text, timestamp } from "drizzle-orm/pg-core";

/** Every instant is stored as timestamptz (UTC on the wire). */
export const instant = () => timestamp({ withTimezone: true, mode: "date" });

export const uuidId = () =>
  text()
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const createdAt = () => instant().notNull().defaultNow();
export const updatedAt = () =>
  instant()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
