// The review moderation state machine: the store approves or disapproves a review, and may change its mind.
import { stateMachine } from "../operations/state-machine.ts";

export const REVIEW_STATUSES = ["pending", "approved", "disapproved"] as const;
type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type ReviewEvent = "approve" | "disapprove";

const REVIEWS = stateMachine<ReviewStatus, ReviewEvent>(
  {
    approve: { pending: "approved", disapproved: "approved" },
    disapprove: { pending: "disapproved", approved: "disapproved" },
  },
  { subject: "A review", past: { approve: "approved", disapprove: "disapproved" } },
);

/** The state `event` leads to from `status`; a 409 naming both when the move is not allowed. */
export const transition = REVIEWS.next;
