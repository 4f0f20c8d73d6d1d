import { z } from "zod";
import { FILE_MESSAGES, FOLDER_NAME_MAX, folderChoiceProblem } from "./files";

/** A folder name as stored and compared: NFC, trimmed, inner spaces collapsed. */
export const normalizeFolderName = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ");

/** A folder name is a path segment of its page's URL, so it has no separators and is not a page's own name. */
const folderName = z
  .string()
  .transform(normalizeFolderName)
  .superRefine((name, ctx) => {
    if (name.length > FOLDER_NAME_MAX) ctx.addIssue({ code: "custom", message: FILE_MESSAGES.folderNameTooLong });
    // eslint-disable-next-line no-control-regex -- a folder name with control characters is refused
    else if (/[/\\\u0000-\u001f\u007f]/.test(name) || /^\.+$/.test(name))
      ctx.addIssue({ code: "custom", message: FILE_MESSAGES.folderNameInvalid });
    else if (name.toLowerCase() === "upload")
      ctx.addIssue({ code: "custom", message: FILE_MESSAGES.folderNameReserved });
  });

const blankToUndefined = (value: unknown) => (typeof value === "string" && !value.trim() ? undefined : value);

/**
 * The upload's folder: a new folder's name or an existing folder, exactly one of them.
 * The same schema checks the web form and the API's multipart fields.
 */
export const uploadFolderFields = z
  .object({
    folder_name: z.preprocess(blankToUndefined, folderName.optional()),
    existing_folder: z.preprocess(blankToUndefined, z.string().transform(normalizeFolderName).optional()),
  })
  .superRefine((value, ctx) => {
    const problem = folderChoiceProblem(value.folder_name, value.existing_folder);
    if (problem) ctx.addIssue({ code: "custom", path: ["folder_name"], message: problem });
  });
export type UploadFolderFields = z.infer<typeof uploadFolderFields>;

export const sharePayload = z.object({ disposition: z.enum(["attachment", "inline"]).default("attachment") });
