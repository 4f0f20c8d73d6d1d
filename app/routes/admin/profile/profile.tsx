import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { AdminRecord } from "../../../../contract/admin";
import { IMAGE_MAX_BYTES, SCHOOL_ADDRESS_MAX } from "../../../../contract/limits";
import { MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { changePassword } from "~/.server/password.server";
import { profileDetailsForm, profileImagesForm } from "~/.server/form-schemas";
import { readFormData } from "~/.server/form.server";
import { mediaSrc } from "~/.server/media.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { DataSaverToggle } from "~/components/DataSaverToggle";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Disclosure } from "~/components/ui/Disclosure";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field, inputClass } from "~/components/ui/Field";
import { useFormState, type FormResult, usePending } from "~/lib/form-state";
import { PageHeader } from "~/components/Page";
import { PasswordFields } from "~/components/PasswordFields";

export const meta: MetaFunction = () => [{ title: "Profile" }];

type Intent = "images" | "details" | "password";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const result = await api.get<AdminRecord[]>("/adminData", { fallback: MESSAGES.failedProfile });
    if (!result.ok || !result.data?.[0])
      return { error: result.ok ? MESSAGES.failedProfile : result.message, profile: null };
    const profile = result.data[0];
    return {
      error: null,
      profile: {
        ...profile,
        admin_data: {
          ...profile.admin_data,
          logo_url: mediaSrc(profile.admin_data.logo_url),
          signature_url: mediaSrc(profile.admin_data.signature_url),
        },
      },
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request, { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: 2 });
    const intent = String(formData.get("intent") ?? "") as Intent;

    if (intent === "password") return changePassword(request, context, api, formData, "/admin/profile");

    const schema = intent === "images" ? profileImagesForm : profileDetailsForm;
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return refuse({ intent, result: submission.reply() });
    const body = new FormData();
    for (const [name, value] of Object.entries(submission.value))
      if (value !== undefined) body.set(name, value as string | File);
    // A blank address is sent as one, so that emptying the field clears it.
    if (intent === "details" && !body.has("school_address")) body.set("school_address", "");
    const response = await api.update("/update/adminData", body);
    if (!response.ok) return refuse({ intent, result: apiReply(submission, response) }, API_REFUSED);
    return redirectWithToast(request, context, "/admin/profile", success(MESSAGES.profileUpdated));
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = title.toLowerCase().replace(/\W+/g, "-");
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ to, label, value }: { to: string; label: string; value?: string }) {
  return (
    <li>
      <Link to={to} className="flex min-h-12 items-center justify-between gap-3 rounded-lg px-2 hover:bg-slate-50">
        <span className="whitespace-nowrap font-medium">{label}</span>
        <span className="flex items-center gap-2 text-slate-600">
          {value}
          <span aria-hidden>›</span>
        </span>
      </Link>
    </li>
  );
}

/** One of the page's three forms: the action's answer belongs to the form whose `intent` it names. */
function useIntentForm<Name extends string>(intent: Intent, defaults?: Partial<Record<Name, string>>) {
  const actionData = useActionData<typeof action>();
  const lastResult =
    actionData && "intent" in actionData && actionData.intent === intent
      ? (actionData.result as FormResult)
      : undefined;
  return useFormState<Name>(`profile-${intent}`, lastResult, defaults);
}

export default function Profile() {
  const { error, profile } = useLoaderData<typeof loader>();
  const pending: Record<Intent, boolean> = {
    images: usePending({ intent: "images" }),
    password: usePending({ intent: "password" }),
    details: usePending({ intent: "details" }),
  };
  const busy = (intent: Intent) => pending[intent];
  const data = profile?.admin_data;
  const imagesForm = useIntentForm<"logo" | "signature">("images");
  const detailsForm = useIntentForm<"school_name" | "principal_name" | "school_email" | "school_address">(
    "details",
    data && {
      school_name: data.school_name,
      principal_name: data.principal_name,
      school_email: data.school_email,
      school_address: data.school_address ?? "",
    },
  );
  const passwordForm = useIntentForm<"current_password" | "new_password">("password");
  const [currentPassword, newPassword] = [passwordForm.field("current_password"), passwordForm.field("new_password")];

  return (
    <div className="space-y-5">
      <PageHeader backTo="/admin/dashboard" title="Profile" />
      {error ? <Banner>{error}</Banner> : null}
      {profile && data ? (
        <>
          <Section title="School logo and signature">
            <div className="flex gap-4">
              <figure className="text-center text-sm text-slate-600">
                {data.logo_url ? (
                  <img
                    src={data.logo_url}
                    alt="School logo"
                    width={80}
                    height={80}
                    className="h-20 w-20 rounded-lg object-contain ring-1 ring-slate-200"
                  />
                ) : (
                  <div className="flex h-20 w-20 items-center justify-center rounded-lg bg-slate-100">No logo</div>
                )}
                <figcaption>Logo</figcaption>
              </figure>
              <figure className="text-center text-sm text-slate-600">
                {data.signature_url ? (
                  <img
                    src={data.signature_url}
                    alt="Principal's signature"
                    width={120}
                    height={80}
                    className="h-20 w-28 rounded-lg object-contain ring-1 ring-slate-200"
                  />
                ) : (
                  <div className="flex h-20 w-28 items-center justify-center rounded-lg bg-slate-100">No signature</div>
                )}
                <figcaption>Signature</figcaption>
              </figure>
            </div>
            <Form
              method="post"
              encType="multipart/form-data"
              className="space-y-3"
              key={imagesForm.key}
              {...imagesForm.props}
            >
              <input type="hidden" name="intent" value="images" />
              <ErrorList id={imagesForm.errorId} errors={imagesForm.errors} />
              <Field
                label="New logo"
                hint="An image under 2 MB."
                field={imagesForm.field("logo")}
                inputProps={{ type: "file", accept: "image/*" }}
              />
              <Field
                label="New signature"
                hint="An image under 2 MB."
                field={imagesForm.field("signature")}
                inputProps={{ type: "file", accept: "image/*" }}
              />
              <Button pending={busy("images")} pendingLabel="Uploading…">
                Upload
              </Button>
            </Form>
          </Section>

          <Section title="Account">
            <div className="space-y-1">
              <label htmlFor="unique-id" className="block text-sm font-semibold">
                Unique ID
              </label>
              <input id="unique-id" readOnly value={profile.unique_id} className={inputClass} data-testid="unique-id" />
            </div>
            <div className="space-y-1">
              <label htmlFor="password-mask" className="block text-sm font-semibold">
                Password
              </label>
              <input
                id="password-mask"
                readOnly
                type="password"
                value="••••••••"
                className={inputClass}
                aria-describedby="password-note"
              />
              <p id="password-note" className="text-sm text-slate-600">
                Passwords are stored securely and cannot be shown.
              </p>
            </div>
            <Disclosure
              summary="Change password"
              forceOpen={Boolean(passwordForm.errors || currentPassword.errors || newPassword.errors)}
              className="rounded-lg border border-slate-200 p-3"
              summaryClassName="min-h-11 cursor-pointer font-semibold text-brand-700"
            >
              <Form method="post" className="mt-3 space-y-3" key={passwordForm.key} {...passwordForm.props}>
                <input type="hidden" name="intent" value="password" />
                <ErrorList id={passwordForm.errorId} errors={passwordForm.errors} />
                <PasswordFields current={currentPassword} next={newPassword} />
                <Button pending={busy("password")} pendingLabel="Saving…">
                  Change password
                </Button>
              </Form>
            </Disclosure>
          </Section>

          <Section title="School details">
            <Form
              method="post"
              encType="multipart/form-data"
              className="space-y-3"
              key={detailsForm.key}
              {...detailsForm.props}
            >
              <input type="hidden" name="intent" value="details" />
              <ErrorList id={detailsForm.errorId} errors={detailsForm.errors} />
              <Field
                label="School Name"
                required
                field={detailsForm.field("school_name")}
                inputProps={{ type: "text" }}
              />
              <Field
                label="Principal Name"
                required
                field={detailsForm.field("principal_name")}
                inputProps={{ type: "text" }}
              />
              <Field
                label="School Email"
                required
                field={detailsForm.field("school_email")}
                inputProps={{ type: "email", autoComplete: "email" }}
              />
              <Field
                label="School Address"
                hint="Printed under the school's name on report cards."
                field={detailsForm.field("school_address")}
                inputProps={{ type: "text", maxLength: SCHOOL_ADDRESS_MAX, autoComplete: "street-address" }}
              />
              <Button pending={busy("details")} pendingLabel="Saving…">
                Save Changes
              </Button>
            </Form>
            <ul className="divide-y divide-slate-100">
              <Row to="/new-whatsapp" label="Phone Number" value={data.phone_number} />
            </ul>
          </Section>

          <Section title="Data saver">
            <p className="text-slate-700">
              On a slow or costly connection, turn this on: pages load without any JavaScript and everything still
              works.
            </p>
            <DataSaverToggle />
          </Section>

          <Section title="General">
            <ul className="divide-y divide-slate-100">
              <Row to="/admin/profile/how-to" label="How To" />
              <Row to="/admin/profile/about-us" label="About Us" />
            </ul>
          </Section>

          <ConfirmDialog
            href="/admin/logout"
            action="/admin/logout"
            title="Logout"
            description="Are you sure you want to log out?"
            triggerLabel="Logout"
            confirmLabel="Logout"
            triggerClassName="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-red-300 bg-white px-4 font-semibold text-red-700"
          />
        </>
      ) : null}
    </div>
  );
}
