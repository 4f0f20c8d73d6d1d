import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RESULTS_MESSAGES as M, type ClassCompleteness, type Publication } from "../../../../contract/results";
import { withAdmin } from "~/.server/auth.server";
import { backFromQuery, confirmAndReturn } from "~/.server/confirm.server";
import { notFound } from "~/.server/not-found.server";
import { resultScreenOptions } from "~/.server/result-choice.server";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { PUBLISHING_PATH } from "~/lib/result-choice";

export const meta: MetaFunction = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? M.publishing },
];

const publishing = (request: Request) => !new URL(request.url).pathname.endsWith("/unpublish");

/**
 * /super-admin/results/publish and /unpublish: the JS-off confirmation of a class's Publish or Unpublish
 * (`?class=&term=&year=&result=`); with JavaScript the publishing screen's dialog posts here directly.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const { chosen } = await resultScreenOptions(api, request);
    if (!chosen.class) notFound();
    const publish = publishing(request);
    const completeness = await api.get<ClassCompleteness[]>("/results/completeness", {
      query: { term: chosen.term, year: chosen.year, result: chosen.result },
    });
    const row = completeness.ok ? completeness.data.find((c) => c.class_name === chosen.class) : undefined;
    return {
      publish,
      title: publish ? M.publishTitle(chosen.class) : M.unpublishTitle(chosen.class),
      description: publish
        ? M.publishQuestion(chosen.class, row?.subjects_complete ?? 0, row?.subjects ?? 0)
        : M.unpublishQuestion(chosen.class),
      confirmLabel: publish ? (row?.version ? M.publishAgain : M.publish) : M.unpublish,
      hidden: {
        class: chosen.class,
        term: chosen.term,
        session: chosen.year,
        result: chosen.result,
      },
      back: backFromQuery(request, PUBLISHING_PATH),
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    confirmAndReturn(
      request,
      context,
      PUBLISHING_PATH,
      (form) =>
        api.create<Publication>("/results/publication", {
          class: form.get("class"),
          term: form.get("term"),
          session: form.get("session"),
          result: form.get("result"),
          published: publishing(request),
        }),
      publishing(request) ? M.publish : M.unpublish,
    ),
  );
}

export default function ConfirmPublication() {
  const { publish, title, description, confirmLabel, hidden, back } = useLoaderData<typeof loader>();
  return (
    <ConfirmPage
      title={title}
      description={description}
      cancelTo={back}
      confirmLabel={confirmLabel}
      variant={publish ? "primary" : "danger"}
      hiddenFields={{ ...hidden, returnTo: back }}
    />
  );
}
