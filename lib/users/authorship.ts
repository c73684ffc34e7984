/**
 * Who made a reminder or contact and who changed it last, as its views show them: "Created by
 * Ana", "Last changed by Luis" (lib/users/authorship-sql.ts reads it).
 */
export interface Authorship {
  /** The creator's name; null once their account is gone (shown as "a former member"). */
  createdBy: string | null;
  /** Who changed it last, when that is not its creator; null: nothing to show. */
  lastChangedBy: string | null;
}
