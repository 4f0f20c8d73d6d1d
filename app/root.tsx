import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { isDataSaverOn } from "./.server/data-saver.server";
import { commitSession, getSession } from "./.server/session.server";
import { buttonClass } from "./components/ui/Button";
import { Toast } from "./components/ui/Toast";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export const meta: MetaFunction = () => [{ title: "School Admin" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const toast = session.get("toast") ?? null;
  const headers = toast ? { "Set-Cookie": await commitSession(request, context, session) } : undefined;
  return data({ toast, dataSaver: await isDataSaverOn(request) }, { headers });
}

function Document({ children }: { children: ReactNode }) {
  // With "Data saver" on, no script of any kind is sent: every page works as plain HTML.
  const dataSaver = Boolean(useRouteLoaderData<typeof loader>("root")?.dataSaver);
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#174ca8" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        {dataSaver ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return <Document>{children}</Document>;
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Toast toast={toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-md space-y-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="text-slate-700">
        {notFound ? "The page you asked for does not exist." : "An unexpected error occurred. Please try again."}
      </p>
      <Link to="/" className={buttonClass("primary")}>
        Go to the dashboard
      </Link>
    </main>
  );
}
