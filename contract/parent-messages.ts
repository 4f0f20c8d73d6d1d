import type { Paginated } from "./http";

/**
 * Messages to parents (docs/product.md, Messages to parents), under /api/admin/{uniqueId}. Admins write to the
 * whole school, a section, a class, chosen students or every student owing fees; a teacher (/staff/ptc) to their
 * form class and the classes they teach only.
 *
 * - GET /messages?page= → {data: Paginated<MessageSummary>} (newest first; a teacher's own only)
 * - GET /messages/audience?class= → {data: MessageAudience}: the classes and sections the user may write to, and
 *   the students of the chosen class
 * - POST /messages {audience, class?, section?, student_ids?, channels, body} (Idempotency-Key) → 201
 *   {message, data: MessageDetail}; the same key again answers the message it made
 * - GET /messages/{id} → {data: MessageDetail}: counts (n of m sent) and each recipient with channel and status
 * - GET /message-settings → {data: MessageSettings}; PUT /message-settings {daily_sms_cap, payment_receipts,
 *   applicant_decisions} (main admin; a box left out is off)
 * - A fee payment recorded by hand (POST /fees/payments) or from a verified online payment while `payment_receipts`
 *   is on makes a message of audience "receipt" to the student's parents, on every channel set up
 * - Approving or rejecting a submission (one, or several at once) while `applicant_decisions` is on makes a message of
 *   audience "admission" to the applicant's email and phone, on every channel set up; an approval's email carries
 *   the admission letter PDF
 * - GET /api/public/report-card-links/{token} (no sign-in): the one report card a message's link opens, as a PDF;
 *   404 {message} once the link has expired, is unknown, or the result is no longer published
 */

export const MESSAGE_AUDIENCES = ["school", "section", "class", "students", "owing"] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
/** What a teacher may choose: their own classes only. */
export const TEACHER_AUDIENCES: readonly MessageAudience[] = ["class", "students", "owing"];

/**
 * What the school sends on its own: a receipt to the parents when a payment is recorded, and the decision on an
 * application to the applicant, and an applicant's entrance test code and PIN (contract/cbt.ts).
 */
export type SentAudience = MessageAudience | "receipt" | "admission" | "admission_test";

export const AUDIENCE_LABELS: Record<SentAudience, string> = {
  receipt: "Payment receipt",
  admission: "Admission decision",
  admission_test: "Entrance test PIN",
  school: "The whole school",
  section: "A section",
  class: "A class",
  students: "Chosen students",
  owing: "Every student owing fees",
};

export const MESSAGE_CHANNELS = ["email", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const CHANNEL_LABELS: Record<MessageChannel | "none", string> = { email: "Email", sms: "SMS", none: "None" };

export const RECIPIENT_STATUSES = ["queued", "sending", "sent", "failed", "unreachable", "not-sent"] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  unreachable: "Not reachable",
  "not-sent": "Not sent",
};

/** A message's own status, from its recipients' (`messageStatus`). */
export type MessageStatus = "sending" | "sent" | "partly-sent" | "failed" | "no-channel";
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  sending: "Sending",
  sent: "Sent",
  "partly-sent": "Partly sent",
  failed: "Not sent",
  "no-channel": "Not sent: no channel set up",
};

export const MESSAGE_LIMITS = {
  bodyMax: 640,
  /** Students chosen by hand at once. */
  studentsMax: 500,
  /** Termii takes this many numbers a call. */
  smsBatch: 100,
  defaultDailySmsCap: 500,
  dailySmsCapMax: 100_000,
} as const;

export const MESSAGE_MESSAGES = {
  queued: "Message queued for sending",
  noChannel: "Message kept, not sent: no channel set up",
  bodyRequired: "Write the message",
  bodyTooLong: `A message is at most ${MESSAGE_LIMITS.bodyMax} characters`,
  channelsRequired: "Choose email, SMS or both",
  audienceRequired: "Choose who receives the message",
  audienceNotYours: "Teachers write to the parents of a class, of chosen students or of those owing fees",
  classRequired: "Choose a class",
  classNotYours: "You can only write to the parents of your own classes",
  unknownClass: "No such class",
  sectionRequired: "Choose a section",
  unknownSection: "No such section",
  studentsRequired: "Choose at least one student",
  studentsTooMany: `Choose at most ${MESSAGE_LIMITS.studentsMax} students`,
  studentNotFound: "A chosen student is not in this class",
  nobody: "No student matches: nobody would receive this message",
  messageNotFound: "Message not found.",
  capInvalid: `Enter a whole number from 0 to ${MESSAGE_LIMITS.dailySmsCapMax}`,
  capSaved: "Message settings saved",
  receiptsLabel: "Send the parents a receipt when a payment is recorded",
  decisionsLabel: "Tell applicants when their application is approved or rejected",
  capMainOnly: "Only the main administrator can change the message settings.",
  failedMessages: "Failed to load messages",
  reportCardsLabel: "Add each student's report card link (published results of this term only)",
  reportCardLinkGone: "This report card link has expired or is no longer valid. Ask the school for a new one.",
} as const;

/**
 * What an applicant receives when their submission is decided ({name}: the applicant, {school}, {class}: the class
 * applied into). The approval's email carries the admission letter; its SMS cannot.
 */
export const APPLICANT_DECISION_TEXTS = {
  emailSubject: "Your application to {school}",
  approvedEmail:
    "The application of {name} to {school} for {class} has been approved. The admission letter is attached.",
  approvedSms: "The application of {name} to {school} for {class} has been approved.",
  rejected: "The application of {name} to {school} for {class} has not been successful.",
} as const;

/** The admission letter's words ({name}, {school}, {class}, {session}). */
export const ADMISSION_LETTER_TEXTS = {
  title: "Admission letter",
  greeting: "Dear {name},",
  offer: "We are pleased to offer you admission into {class} at {school} for the {session} session.",
  next: "Please bring this letter to the school office to complete your registration. We look forward to welcoming you.",
  closing: "Yours faithfully,",
  principal: "Principal",
} as const;

/** Fills a text's {placeholders}. */
export const fillText = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);

/** Where a message's report card link opens: the web app's page, which passes on the API's PDF. */
export const reportCardLinkPath = (token: string) => `/report-card/${token}`;

/** The reasons a recipient's line gives, besides the provider's own. */
export const DELIVERY_REASONS = {
  noChannel: "no channel set up",
  capReached: "daily SMS limit reached",
  noParent: "no parent linked",
  noEmail: "no email address",
  badPhone: "invalid phone number",
  interrupted: "sending was interrupted; not sent again to avoid a duplicate",
  letterGone: "the application is no longer approved",
} as const;

export interface MessageCounts {
  /** Lines that can be delivered (not the unreachable). */
  total: number;
  sent: number;
  failed: number;
  pending: number;
  unreachable: number;
}

export interface MessageSummary {
  id: number;
  audience: SentAudience;
  target: string | null;
  channels: MessageChannel[];
  body: string;
  sent_by: string;
  created_at: string;
  status: MessageStatus;
  counts: MessageCounts;
}

export interface MessageRecipient {
  id: number;
  parent_name: string | null;
  students: string;
  channel: MessageChannel | "none";
  address: string;
  status: RecipientStatus;
  reason: string | null;
  attempts: number;
  updated_at: string;
}

export interface MessageDetail extends MessageSummary {
  recipients: MessageRecipient[];
}

export type MessageList = Paginated<MessageSummary>;

export interface AudienceOptions {
  audiences: MessageAudience[];
  classes: string[];
  sections: string[];
  /** The students of the class asked for (`?class=`), when it is one the user may write to. */
  students: Array<{ id: number; unique_id: string; name: string }>;
  /** Whether each channel is set up on this server. */
  channels: Record<MessageChannel, boolean>;
}

export interface MessageSettings {
  daily_sms_cap: number;
  /** A receipt goes to the parents when a payment is recorded. */
  payment_receipts: boolean;
  /** The applicant hears when their submission is approved (with the admission letter) or rejected. */
  applicant_decisions: boolean;
  /** SMS sent today (Lagos time). */
  sms_sent_today: number;
}

export function messageStatus(counts: MessageCounts, noChannel: boolean): MessageStatus {
  if (counts.pending > 0) return "sending";
  if (counts.total > 0 && counts.sent === counts.total) return "sent";
  if (counts.sent > 0) return "partly-sent";
  return noChannel ? "no-channel" : "failed";
}
