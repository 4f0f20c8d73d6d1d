import { Link } from "@remix-run/react";
import { buttonClass } from "./Button";

/** A record this school does not have (deleted, or a wrong link): what was not found and the way back. */
export function NotFoundState({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return (
    <section className="space-y-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="text-xl font-bold text-slate-800">
        {title}
      </h1>
      <p className="text-slate-600">It may have been deleted, or the link is wrong.</p>
      <Link to={backTo} className={buttonClass("primary")}>
        {backLabel}
      </Link>
    </section>
  );
}
