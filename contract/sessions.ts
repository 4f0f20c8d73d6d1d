/**
 * The main admin's own sessions (/super-admin/profile; docs/product.md, Profile and settings). Main admin only.
 *
 * - `GET /sessions` → `{ data: SessionRecord[] }`: every signed-in device of the main admin, the newest use first.
 * - `DELETE /sessions/{id}` → `{ message: ended }`; 404 `{ message: notFound }` when it has ended already; 409
 *   `{ message: isCurrent }` for the session making the call (Logout ends that one).
 * - `POST /sessions/end-others` → `{ message: othersEnded, data: { ended: n } }`.
 */
export interface SessionRecord {
  id: number;
  /** Read from the browser's User-Agent at sign-in: "Chrome on Android", or "Unknown device". */
  device: string;
  signed_in_at: string;
  /** The last call made with it, to the minute; its sign-in when none since. */
  last_seen_at: string;
  /** The session making this call: this browser. */
  current: boolean;
}

export const SESSION_MESSAGES = {
  ended: "The session has ended: that device is signed out.",
  othersEnded: "Every other session has ended.",
  notFound: "This session has ended already.",
  isCurrent: "This is the session you are using now: use Logout to end it.",
  mainOnly: "Only the main admin can see and end the main admin's sessions.",
} as const;
