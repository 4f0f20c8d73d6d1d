import { z } from "zod";
import { INVENTORY_LIMITS, INVENTORY_MESSAGES as M, PRODUCT_STATUSES } from "./inventory";
import { nairaAmount } from "./money.schema";

/**
 * The zod rules of inventory (docs/product.md, Validation), apart from contract/inventory.ts so that pages
 * never ship zod. The same schemas check the web forms (through Conform, which turns number inputs into
 * numbers) and the API's JSON.
 */

const name = z
  .string({ required_error: M.nameRequired, invalid_type_error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(INVENTORY_LIMITS.nameMax, M.nameTooLong);

const recordId = (message: string) =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).positive(message);

export const groupFields = z.object({ name });
/** `POST /inventory/groups`: a name, and the group's id when renaming it. */
export const groupPayload = groupFields.extend({ id: recordId(M.groupNotFound).optional() });

/** A price in naira, to kobo (contract/money.schema.ts). */
export const priceKobo = nairaAmount(
  { required: M.priceRequired, invalid: M.priceInvalid, tooLow: M.priceTooLow, tooHigh: M.priceTooHigh },
  INVENTORY_LIMITS.priceMaxKobo,
);

const itemObject = z.object({
  name,
  class: z
    .string({ required_error: M.classRequired, invalid_type_error: M.classRequired })
    .trim()
    .min(1, M.classRequired)
    .max(INVENTORY_LIMITS.classMax, M.classUnknown),
  price: priceKobo,
  group_id: recordId(M.groupRequired),
  quantity: z
    .number({ required_error: M.quantityRequired, invalid_type_error: M.quantityInvalid })
    .int(M.quantityInvalid)
    .min(0, M.quantityInvalid)
    .max(INVENTORY_LIMITS.quantityMax, M.quantityInvalid),
});

const withdrawn = z.boolean({ invalid_type_error: M.withdrawnInvalid });

/** The add and edit product form: name, class, price, group, the stock, and "Withdrawn from sale" (unticked: on sale). */
export const itemFields = itemObject.extend({ withdrawn: withdrawn.default(false) });

/**
 * A client that sends `status` but no `withdrawn` (written before the flag) says "In Stock" of an item with
 * units left only: nothing in stock would be sold as if it were there.
 */
const statusAgreesWithStock = (
  item: { status?: string; withdrawn?: boolean; quantity: number },
  ctx: z.RefinementCtx,
) => {
  if (item.withdrawn === undefined && item.status === "In Stock" && item.quantity === 0)
    ctx.addIssue({ code: "custom", path: ["quantity"], message: M.inStockNeedsQuantity });
};

/** `POST /inventory/items`: the same, the item's id when updating it, and an older client's `status`. */
export const itemPayload = itemObject
  .extend({
    id: recordId(M.itemNotFound).optional(),
    withdrawn: withdrawn.optional(),
    status: z.enum(PRODUCT_STATUSES, { errorMap: () => ({ message: M.statusRequired }) }).optional(),
  })
  .superRefine(statusAgreesWithStock);
export type ItemFields = z.infer<typeof itemFields>;

/** What the sell form asks: the student (a unique_id) and how many. */
export const saleFields = z.object({
  student_id: z
    .string({ required_error: M.studentRequired, invalid_type_error: M.studentRequired })
    .trim()
    .min(1, M.studentRequired)
    .max(60, M.studentNotFound),
  quantity: z
    .number({ required_error: M.saleQuantityInvalid, invalid_type_error: M.saleQuantityInvalid })
    .int(M.saleQuantityInvalid)
    .min(1, M.saleQuantityInvalid)
    .max(INVENTORY_LIMITS.saleQuantityMax, M.saleQuantityInvalid),
  /** The press of "Confirm sale": sell an item for one class to a student of another. */
  confirm_other_class: z.boolean({ invalid_type_error: M.confirmInvalid }).default(false),
});
/** `POST /inventory/purchases`. */
export const salePayload = saleFields.extend({ item_id: recordId(M.itemNotFound) });
