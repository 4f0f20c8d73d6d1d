import { Link } from "@remix-run/react";
import { Panel } from "~/components/Page";

/** Sign-in details (a sub-admin's, a teacher's), shown once after they are made or the password is reset. */
export function Credentials({
  name,
  details,
  title,
  backTo,
  backLabel,
}: {
  name: string;
  details: { unique_id: string; email: string; password: string };
  title: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Panel id="credentials-title" title={title}>
      <p className="text-slate-700">
        Give these details to {name}. The password is shown only this once: write it down now. They sign in at the Login
        page with all three.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-semibold">Unique ID</dt>
        <dd className="font-mono" data-testid="credential-unique-id">
          {details.unique_id}
        </dd>
        <dt className="font-semibold">Email</dt>
        <dd className="font-mono break-all" data-testid="credential-email">
          {details.email}
        </dd>
        <dt className="font-semibold">Password</dt>
        <dd className="font-mono" data-testid="credential-password">
          {details.password}
        </dd>
      </dl>
      <Link to={backTo} className="font-semibold text-brand-700 underline">
        {backLabel}
      </Link>
    </Panel>
  );
}
