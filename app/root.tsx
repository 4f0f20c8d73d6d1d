import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
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
import { dataSaverOf } from "./.server/data-saver.server";
import { commitSession, getSession } from "./.server/session.server";
import { ErrorPage } from "./components/ErrorPage";
import { Toast } from "./components/ui/Toast";
import { useNonce } from "./lib/nonce";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export const meta: MetaFunction = () => [{ title: "School Admin" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const toast = session.get("toast") ?? null;
  const headers = toast ? { "Set-Cookie": await commitSession(request, context, session) } : undefined;
  const dataSaver = await dataSaverOf(request);
  // The request id goes with every answer so that an error page can name it (see ErrorBoundary).
  return data({ toast, dataSaver: dataSaver.on, dataSaverBy: dataSaver.by, requestId: context.requestId }, { headers });
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
  const requestId = useRouteLoaderData<typeof loader>("root")?.requestId;
  return (
    <main>
      <ErrorPage error={error} requestId={requestId} />
    </main>
  );
}
