import { Link } from "@remix-run/react";
import { buttonClass } from "../ui/Button";
import { menuItemClass, RowMenu } from "./RowMenu";

/** A list screen's title and its "Add ▾" menu: adding one record, or many from a spreadsheet. */
export function ListHeader({
  title,
  addLabel,
  links,
}: {
  title: string;
  addLabel: string;
  links: { to: string; label: string }[];
}) {
  return (
    <header className="flex items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <RowMenu label={addLabel} summary="Add ▾" summaryClassName={buttonClass("primary")}>
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={menuItemClass}>
            {link.label}
          </Link>
        ))}
      </RowMenu>
    </header>
  );
}
