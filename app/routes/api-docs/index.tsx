import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicApi } from "~/.server/auth.server";

/**
 * /api-docs: the school API for integrators, read from its own description (`GET /api/openapi.json`, built from the
 * routes and their zod schemas): each area with its calls, method and path, and whether a call needs the token.
 * The description itself is linked for OpenAPI viewers and client generators.
 */
export const meta: MetaFunction = () => [{ title: "School API" }];

const DESCRIPTION = "/api/openapi.json";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

interface Operation {
  tags?: string[];
  security?: unknown[];
}
interface Description {
  info: { description: string };
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

interface ApiCall {
  method: string;
  path: string;
  open: boolean;
}

/** The description's calls grouped by area, areas A–Z, calls in path order. */
function callsByArea(description: Description): [string, ApiCall[]][] {
  const areas = new Map<string, ApiCall[]>();
  for (const [path, operations] of Object.entries(description.paths).sort(([a], [b]) => a.localeCompare(b)))
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const area = operation.tags?.[0] ?? "Other";
      // `security: []` is a call without a token; `[{}, {bearerAuth: []}]` one where the token is optional.
      const security = operation.security;
      const open = !!security && (security.length === 0 || security.some((s) => Object.keys(s as object).length === 0));
      (areas.get(area) ?? areas.set(area, []).get(area)!).push({ method: method.toUpperCase(), path, open });
    }
  return [...areas].sort(([a], [b]) => a.localeCompare(b));
}

export async function loader({ context }: LoaderFunctionArgs) {
  const answer = await publicApi(context).raw(DESCRIPTION);
  if (!answer.ok)
    throw new Response("The API description could not be loaded. Try again in a moment.", { status: 503 });
  const description = (await answer.json()) as Description;
  return { about: description.info.description, areas: callsByArea(description) };
}

export default function ApiDocs() {
  const { about, areas } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-5 p-4">
      <h1 className="text-2xl font-bold">School API</h1>
      <p className="text-slate-700">
        {/* The description is written in Markdown: its `code` spans, the only markup it uses, shown as code. */}
        {about.split("`").map((part, i) =>
          i % 2 ? (
            <code key={i} className="font-mono text-sm">
              {part}
            </code>
          ) : (
            part
          ),
        )}
      </p>
      <p>
        <a href={DESCRIPTION} className="font-semibold text-brand-700 underline">
          OpenAPI description (JSON)
        </a>{" "}
        <span className="text-slate-700">
          for an OpenAPI viewer or a client generator: bodies, parameters and answers.
        </span>
      </p>
      {areas.map(([area, calls]) => (
        <section
          key={area}
          aria-labelledby={`area-${area}`}
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id={`area-${area}`} className="text-lg font-semibold">
            {area}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {calls.map((call) => (
              <li key={`${call.method} ${call.path}`} className="break-all">
                <span className="font-mono font-semibold">{call.method}</span>{" "}
                <span className="font-mono">{call.path}</span>
                {call.open ? <span className="text-slate-600"> · no token needed</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
