import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
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
import { useNonce } from "./lib/nonce";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export const meta: MetaFunction = () => [{ title: "School Admin" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const toast = session.get("toast") ?? null;
  const headers = toast ? { "Set-Cookie": await commitSession(request, context, session) } : undefined;
  // The request id goes with every answer so that an error page can name it (see ErrorBoundary).
  return data({ toast, dataSaver: await isDataSaverOn(request), requestId: context.requestId }, { headers });
}

/** The root's data comes with every navigation, so an error page shows the id of the request that failed. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

function Document({ children }: { children: ReactNode }) {
  // With "Data saver" on, no script of any kind is sent: every page works as plain HTML.
  const dataSaver = Boolean(useRouteLoaderData<typeof loader>("root")?.dataSaver);
  const nonce = useNonce();
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
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
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
  // A sub-admin on a page of a key they do not hold (app/routes/admin/layout.tsx).
  const forbidden = isRouteErrorResponse(error) && error.status === 403 && typeof error.data?.forbidden === "string" ? (error.data as { forbidden: string; home: string }) : null;
  // A request refused as it was sent (too large, an unreadable form) says why, in the words the server answered.
  const refusal =
    isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && typeof error.data === "string" && error.data.length <= 200 ? error.data : null;
  const requestId = useRouteLoaderData<typeof loader>("root")?.requestId;
  if (forbidden) {
    return (
      <main className="mx-auto max-w-md space-y-4 p-6 text-center">
        <h1 className="text-2xl font-bold">Access denied</h1>
        <p className="text-slate-700">{forbidden.forbidden}</p>
        <Link to={forbidden.home} className={buttonClass("primary")}>
          Go to my start page
        </Link>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-md space-y-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="text-slate-700">
        {notFound ? "The page you asked for does not exist." : (refusal ?? "An unexpected error occurred. Please try again.")}
      </p>
      {!notFound && requestId ? (
        <p className="text-sm text-slate-600">
          Reference: <span data-testid="request-id">{requestId}</span>
        </p>
      ) : null}
      <Link to="/" className={buttonClass("primary")}>
        Go to the dashboard
      </Link>
    </main>
  );
}
