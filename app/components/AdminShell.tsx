import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DataSaverToggle } from "./DataSaverToggle";
import type { AdminNav } from "~/lib/access";
import type { NavItem } from "~/lib/navigation";

const linkClass = (isActive: boolean) =>
  `flex min-h-11 items-center rounded-lg px-3 text-base ${isActive ? "bg-brand-700 font-semibold text-white" : "text-slate-800 hover:bg-slate-100"}`;

/**
 * The entry for the current area. Worked out once from the location rather than by a NavLink per
 * entry: the menu is on every admin page, twice, and each NavLink resolves and matches its own path.
 */
function useActiveEntry(items: NavItem[]): string | undefined {
  const { pathname } = useLocation();
  return items.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))?.to;
}

function MenuList({ items, active }: { items: NavItem[]; active?: string }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className={linkClass(item.to === active)}
            aria-current={item.to === active ? "page" : undefined}
            data-badge={item.badge}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * What every admin can do from the menu, whatever keys they hold: the data saver switch and Logout. Logout is
 * a plain form posting to the logout route (never a link that signs out), the same with and without JavaScript.
 */
function AccountActions({ className }: { className: string }) {
  return (
    <div className={`space-y-2 ${className}`}>
      <DataSaverToggle />
      <form method="post" action="/admin/logout">
        <button
          type="submit"
          className="flex min-h-11 w-full items-center rounded-lg px-3 text-base font-semibold text-red-700 hover:bg-red-50"
        >
          Logout
        </button>
      </form>
    </div>
  );
}

function SuperAdminMenu({ items, active }: { items: NavItem[]; active?: string }) {
  if (!items.length) return null;
  return (
    <nav aria-label="Super-admin" className="mt-2 border-t border-slate-100 pt-2">
      <MenuList items={items} active={active} />
    </nav>
  );
}

/**
 * The admin frame: a menu that is a plain <details> on phones (works without JS; its panel ends above where a
 * toast shows, and shades its bottom edge while more entries lie below), a sidebar on wide screens,
 * both ending with the data saver and Logout, and the phones' bottom bar (Profile, Dashboard, Settings). `nav` is
 * what this admin may open (`adminNav`): the main admin also holds the super-admin menu; a sub-admin sees only the
 * entries of the keys they hold.
 */
export function AdminShell({ children, nav }: { children: ReactNode; nav: AdminNav }) {
  const { menu, bottomBar, superMenu } = nav;
  const active = useActiveEntry([...menu, ...superMenu]);
  const activeQuickLink = useActiveEntry(bottomBar);
  return (
    <div className="min-h-screen pb-20 md:flex md:pb-0">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-2 md:hidden">
        <Link to={nav.home} className="text-lg font-bold text-brand-800">
          School Admin
        </Link>
        <details id="admin-menu" className="group relative">
          <summary className="flex min-h-11 cursor-pointer list-none items-center rounded-lg border border-slate-300 px-3 font-semibold">
            Menu
          </summary>
          <div className="scroll-shadows absolute right-0 mt-2 max-h-[calc(100vh-13rem)] w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
            <nav aria-label="Admin menu">
              <MenuList items={menu} active={active} />
            </nav>
            <SuperAdminMenu items={superMenu} active={active} />
            <AccountActions className="mt-2 border-t border-slate-100 pt-2" />
          </div>
        </details>
      </header>
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white p-4 md:block">
        <Link to={nav.home} className="mb-4 block text-xl font-bold text-brand-800">
          School Admin
        </Link>
        <nav aria-label="Admin menu">
          <MenuList items={menu} active={active} />
        </nav>
        <SuperAdminMenu items={superMenu} active={active} />
        <AccountActions className="mt-4" />
      </aside>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 p-4">
        {children}
      </main>
      <nav
        aria-label="Quick links"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white md:hidden"
      >
        <ul className="grid grid-flow-col auto-cols-fr">
          {bottomBar.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={item.to === activeQuickLink ? "page" : undefined}
                className={`flex min-h-14 items-center justify-center text-sm ${item.to === activeQuickLink ? "font-bold text-brand-700" : "text-slate-700"}`}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
