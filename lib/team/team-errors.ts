import { conflict, DomainError, forbidden, notFound } from "@/lib/errors/domain-error";

/** The team's refusals, one place for their codes and English words. */
export const TEAM_ERRORS = {
  memberNotFound: () =>
    notFound({ code: "member_not_found", message: "This person is not a member of the workspace" }),
  invitationNotFound: () =>
    notFound({ code: "invitation_not_found", message: "This invitation link is not valid" }),
  alreadyMember: () =>
    conflict({ code: "already_member", message: "This person is already a member of the workspace" }),
  ownerIsFixed: () =>
    forbidden({ code: "owner_is_fixed", message: "The owner's role changes only by transferring ownership" }),
  ownerCannotLeave: () =>
    forbidden({
      code: "owner_cannot_leave",
      message: "The owner cannot leave the workspace: transfer ownership first, or delete the workspace",
    }),
  seatLimit: (seats: number) =>
    new DomainError(
      "forbidden",
      { code: "seat_limit", message: "Every seat of the plan is taken: add a seat in Billing" },
      { limit: "seats", seats, billingUrl: "/billing" },
    ),
};
