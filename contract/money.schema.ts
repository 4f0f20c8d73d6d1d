import { z } from "zod";
import { nairaToKobo, parseNaira } from "./money";

export interface AmountMessages {
  required: string;
  invalid: string;
  tooLow: string;
  tooHigh: string;
}

/**
 * An amount in naira, to kobo: a number on the API's wire (12500.5) or the text a person typed in a form
 * ("12,500.50"). More than two decimals, zero and anything above `maxKobo` are refused, never rounded.
 */
export function nairaAmount(messages: AmountMessages, maxKobo: number) {
  return z
    .union([z.number(), z.string()], { errorMap: () => ({ message: messages.required }) })
    .transform((value, ctx) => {
      if (typeof value === "string" && !value.trim()) {
        ctx.addIssue({ code: "custom", message: messages.required });
        return z.NEVER;
      }
      const kobo = typeof value === "number" ? nairaToKobo(value) : parseNaira(value);
      const problem =
        kobo === null ? messages.invalid : kobo <= 0 ? messages.tooLow : kobo > maxKobo ? messages.tooHigh : null;
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return kobo!;
    });
}
