import { Link } from "@remix-run/react";

export const TAB_LIST_CLASS = "flex gap-1 rounded-xl bg-slate-100 p-1";
export const TAB_CLASS = "flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 font-semibold";
const CURRENT = "bg-white text-brand-800 shadow-sm";

export interface TabLink {
  value: string;
  label: string;
  to: string;
}

/**
 * Tabs as links, the current one marked `aria-current="page"`: what `Tabs` shows until its script is
 * needed, and all it shows without JavaScript.
 * `switchState`: the links only switch panels of a page that has them all (`Tabs`), so they replace the
 * address and carry that state.
 */
export function TabLinks({
  label,
  links,
  current,
  switchState,
  onPointerEnter,
  onFocus,
}: {
  label: string;
  links: readonly TabLink[];
  current: string;
  switchState?: object;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}) {
  return (
    <nav aria-label={label} className={TAB_LIST_CLASS} onPointerEnter={onPointerEnter} onFocus={onFocus}>
      {links.map((link) => (
        <Link
          key={link.value}
          to={link.to}
          aria-current={link.value === current ? "page" : undefined}
          preventScrollReset
          replace={Boolean(switchState)}
          state={switchState}
          className={`${TAB_CLASS} ${link.value === current ? CURRENT : "text-slate-700"}`}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
