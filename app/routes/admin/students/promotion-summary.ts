import { SUGGESTIONS, type PromotionPreview } from "../../../../contract/promotion";

/** Where the promotion page sends its choices: the confirm page (JS-off) and the dialog's POST. */
export const PROMOTION_PATH = "/admin/students/promotion";
export const CONFIRM_PATH = `${PROMOTION_PATH}/confirm`;
export const UNDO_PATH = `${PROMOTION_PATH}/undo`;
/** The end of a 1st or 2nd Term: its confirm page (JS-off), and where its dialog posts. */
export const TERM_PATH = `${PROMOTION_PATH}/term`;

/** What ending the current term does, said on its dialog and its confirm page. */
export const termRolloverText = (term: string, session: string, next: string) =>
  `The school moves from ${term} to ${next} of ${session}. Each student's unpaid balance of ${term} and before shows on their ${next} bill as arrears, and their payments pay the oldest balance first.`;

export interface PromotionChoices {
  held_back: number[];
  moved_up: number[];
}

/** The confirm page's address for these choices. */
export const confirmHref = (choices: PromotionChoices) => {
  const query = new URLSearchParams();
  for (const id of choices.held_back) query.append("held_back", String(id));
  for (const id of choices.moved_up) query.append("moved_up", String(id));
  const text = query.toString();
  return text ? `${CONFIRM_PATH}?${text}` : CONFIRM_PATH;
};

/** What the promotion would do with these choices, as the API works it out (api/services/promotion.ts). */
export function promotionSummary(preview: PromotionPreview, choices: PromotionChoices) {
  const held = new Set(choices.held_back);
  const moved = new Set(choices.moved_up);
  const graduating = new Set(preview.classes.filter((c) => c.next_class === null).map((c) => c.class_name));
  const stays = preview.suggested.filter((s) =>
    s.suggestion === SUGGESTIONS.repeat ? !moved.has(s.id) : held.has(s.id),
  );
  const repeated = stays.length;
  const graduated = preview.graduates - stays.filter((s) => graduating.has(s.class_name)).length;
  const placed = preview.classes.reduce((sum, c) => sum + c.count, 0);
  return { promoted: placed - repeated - graduated, repeated, graduated };
}

export const summaryText = (preview: PromotionPreview, choices: PromotionChoices) => {
  const { promoted, repeated, graduated } = promotionSummary(preview, choices);
  return `${promoted} students move up, ${repeated} stay in their class and ${graduated} graduate to the former students' backlog. The school moves to ${preview.new_session}, 1st Term.`;
};
