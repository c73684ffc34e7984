/**
 * The connection dropped while COMMIT was on its way: the server may have committed or not, and
 * nothing on this side can tell. Never retried blindly; the cause says what broke (and keeps the
 * error an "unreachable database" for lib/db/database-unreachable.ts).
 */
export class CommitOutcomeUnknownError extends Error {
  constructor(cause: unknown) {
    super("The database connection dropped during COMMIT: whether the transaction was committed is unknown", {
      cause,
    });
    this.name = "CommitOutcomeUnknownError";
  }
}
