import { Link } from "@remix-run/react";
import { buttonClass } from "../ui/Button";
import { menuItemClass, RowMenu } from "./RowMenu";

/** A list's "Add ▾" menu: adding one record, or many from a spreadsheet. */
export function AddMenu({ label, links }: { label: string; links: { to: string; label: string }[] }) {
  return (
    <RowMenu label={label} summary="Add ▾" summaryClassName={buttonClass("primary")}>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={menuItemClass}>
          {link.label}
        </Link>
      ))}
    </RowMenu>
  );
}
