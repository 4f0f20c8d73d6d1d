import { isRouteErrorResponse, Link } from "@remix-run/react";
import { isNotFoundData, NOT_FOUND_PAGE } from "~/lib/not-found";
import { buttonClass } from "./ui/Button";

/** A sub-admin on a page of a key they do not hold (app/routes/admin/layout.tsx). */
export interface ForbiddenData {
  forbidden: string;
  home: string;
}

const isForbiddenData = (value: unknown): value is ForbiddenData =>
  typeof value === "object" && value !== null && typeof (value as ForbiddenData).forbidden === "string";

const boxClass = "mx-auto max-w-md space-y-4 p-6 text-center";

/**
 * The one failure page, drawn by the root's error boundary on a bare page and by the admin layout's
 * inside the admin shell: 403 (access denied), 404 (`notFound()`: what was not found and the way back),
 * a request refused as sent (its reason), anything else with the request id to quote.
 */
export function ErrorPage({ error, requestId, home = "/" }: { error: unknown; requestId?: string; home?: string }) {
  const response = isRouteErrorResponse(error) ? error : null;
  if (response?.status === 403 && isForbiddenData(response.data)) {
    return (
      <section className={boxClass} aria-labelledby="error-title">
        <h1 id="error-title" className="text-2xl font-bold">
          Access denied
        </h1>
        <p className="text-slate-700">{response.data.forbidden}</p>
        <Link to={response.data.home} className={buttonClass("primary")}>
          Go to my start page
        </Link>
      </section>
    );
  }
  if (response?.status === 404) {
    const found = isNotFoundData(response.data) ? response.data : null;
    const back = found?.back ?? { to: home, label: "Go to the dashboard" };
    return (
      <section className={boxClass} aria-labelledby="error-title" data-testid="not-found">
        <h1 id="error-title" className="text-2xl font-bold">
          {found?.notFound ?? NOT_FOUND_PAGE.title}
        </h1>
        <p className="text-slate-700">{found?.detail ?? NOT_FOUND_PAGE.detail}</p>
        <Link to={back.to} className={buttonClass("primary")}>
          {back.label}
        </Link>
      </section>
    );
  }
  // A request refused as it was sent (too large, an unreadable form) says why, in the words the server answered.
  const refusal =
    response &&
    response.status >= 400 &&
    response.status < 500 &&
    typeof response.data === "string" &&
    response.data.length <= 200
      ? response.data
      : null;
  return (
    <section className={boxClass} aria-labelledby="error-title">
      <h1 id="error-title" className="text-2xl font-bold">
        Something went wrong
      </h1>
      <p className="text-slate-700">{refusal ?? "An unexpected error occurred. Please try again."}</p>
      {requestId ? (
        <p className="text-sm text-slate-600">
          Reference: <span data-testid="request-id">{requestId}</span>
        </p>
      ) : null}
      <Link to={home} className={buttonClass("primary")}>
        Go to the dashboard
      </Link>
    </section>
  );
}
