import { SCORE_UPLOAD_WORDS as W } from "../../../../contract/score-upload";
import { Panel } from "~/components/Page";
import { Button, buttonClass } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";

/** The problems listed on the page; the rest are counted. */
const SHOWN = 100;

/** A refused upload as the action answers it (app/.server/results.server.ts, `uploadReply`). */
interface Refused {
  file?: string[];
  message?: string;
  problems?: string[];
}

/**
 * The sheet's template and the upload of a filled-in one, as plain markup: a download link and a multipart form
 * posted to the screen's own address, so both work without JavaScript. A refused file is named beside its field; a
 * file with problems lists each, by row and column.
 */
export function ScoreUpload({ query, refused }: { query: string; refused?: Refused }) {
  const problems = refused?.problems ?? [];
  return (
    <Panel id="score-upload" title={W.title}>
      <p className="text-sm text-slate-700">{W.hint}</p>
      <a href={`/admin/results/template.xlsx?${query}`} className={buttonClass("secondary")} download>
        {W.template}
      </a>
      <form method="post" encType="multipart/form-data" className="space-y-3">
        <ErrorList id="score-upload-error" errors={refused?.message ? [refused.message] : undefined} />
        <Field
          id="score-upload-file"
          label={W.file}
          hint={W.fileHint}
          errors={refused?.file}
          inputProps={{ type: "file", name: "file", accept: ".xlsx,.xls,.ods,.csv" }}
        />
        <Button variant="secondary">{W.upload}</Button>
      </form>
      {problems.length ? (
        <section aria-labelledby="score-upload-problems" className="space-y-1">
          <h3 id="score-upload-problems" className="font-semibold">
            {W.problems(problems.length)}
          </h3>
          <ul className="list-disc space-y-0.5 pl-5 text-sm text-red-800">
            {problems.slice(0, SHOWN).map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
          </ul>
          {problems.length > SHOWN ? <p className="text-sm">{W.more(problems.length - SHOWN)}</p> : null}
        </section>
      ) : null}
    </Panel>
  );
}
