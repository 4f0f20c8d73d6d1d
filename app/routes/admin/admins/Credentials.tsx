import { Link } from "@remix-run/react";
import type { SubAdminCredentials } from "../../../../contract/access";
import { Panel } from "~/components/Page";

/** A sub-admin's sign-in details, shown once after adding them or resetting their password. */
export function Credentials({ credentials, title }: { credentials: SubAdminCredentials; title: string }) {
  return (
    <Panel id="credentials-title" title={title}>
      <p className="text-slate-700">
        Give these details to {credentials.sub_admin.name}. The password is shown only this once: write it down now.
        They sign in at the Login page with all three.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-semibold">Unique ID</dt>
        <dd className="font-mono" data-testid="credential-unique-id">
          {credentials.unique_id}
        </dd>
        <dt className="font-semibold">Email</dt>
        <dd className="font-mono break-all" data-testid="credential-email">
          {credentials.email}
        </dd>
        <dt className="font-semibold">Password</dt>
        <dd className="font-mono" data-testid="credential-password">
          {credentials.password}
        </dd>
      </dl>
      <Link to="/super-admin/manage-admins" className="font-semibold text-brand-700 underline">
        Back to Manage Admins
      </Link>
    </Panel>
  );
}
