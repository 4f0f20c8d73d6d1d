import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Avatar } from "./Avatar";
import { RowMenu } from "./RowMenu";

/** A row of a list of people: photo or initials, name and a line of details opening the record, and its menu. */
export function PersonRow({
  to,
  name,
  photo,
  details,
  children,
}: {
  to: string;
  name: string;
  photo: string | null;
  details: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center gap-2 rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
      <Link to={to} className="flex min-h-12 min-w-0 flex-1 items-center gap-3 rounded-lg p-1 hover:bg-slate-50">
        <Avatar name={name} src={photo} />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900">{name}</span>
          <span className="block text-sm text-slate-700">{details}</span>
        </span>
      </Link>
      <RowMenu label={`Actions for ${name}`}>{children}</RowMenu>
    </li>
  );
}
