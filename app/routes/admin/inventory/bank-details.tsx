import { parseWithZod } from "@conform-to/zod";
import { PAYMENT_MESSAGES } from "../../../../contract/payments";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  ACCOUNT_NUMBER_LENGTH,
  BANK_MESSAGES,
  VERIFY_DEBOUNCE_MS,
  type AccountVerification,
  type BankAccount,
} from "../../../../contract/banks";
import { INVENTORY_SPEC_MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { bankDetailsForm, verifyAccountForm } from "~/.server/form-schemas";
import { loadBankAccount, loadBanks } from "~/.server/inventory.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { Field, inputClass } from "~/components/ui/Field";
import { FormCard } from "~/components/ui/FormCard";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, type FieldMeta, type FormResult } from "~/lib/form-state";
import { useHydrated } from "remix-utils/use-hydrated";
import { INVENTORY_HOME } from "./shared";

/**
 * Bank details (/admin/add-bank-details): a bank, a 10-digit account number, and the
 * account name from verification. Without JavaScript, 'Verify' sends the form and the page comes back with
 * the name and everything kept; with JavaScript the same check runs 1 s after 10 digits and a bank, and
 * saving stays disabled until the name is verified. The API verifies again when saving. Changing where the
 * school is paid is for the main admin only (the API's permissions say so).
 */
export const meta: MetaFunction = () => [{ title: "Bank Details" }];

type FieldName = "account_bank" | "account_number" | "account_name";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const [{ list, error }, account] = await Promise.all([loadBanks(api), loadBankAccount(api)]);
    return { banks: list?.banks ?? [], provider: list?.provider ?? null, error, account };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    if (formData.get("intent") === "verify") {
      const submission = parseWithZod(formData, { schema: verifyAccountForm });
      if (submission.status !== "success") return refuse({ result: submission.reply(), verified: null });
      const { account_bank, account_number } = submission.value;
      const response = await api.get<AccountVerification>(
        `/verify-account/${account_number}/${encodeURIComponent(account_bank)}`,
        {
          fallback: BANK_MESSAGES.unavailable,
        },
      );
      if (!response.ok) return refuse({ result: apiReply(submission, response), verified: null }, API_REFUSED);
      return { result: submission.reply(), verified: response.data };
    }
    const submission = parseWithZod(formData, { schema: bankDetailsForm });
    if (submission.status !== "success") return refuse({ result: submission.reply(), verified: null });
    const response = await api.create<BankAccount>("/payment-account", submission.value);
    if (!response.ok) return refuse({ result: apiReply(submission, response), verified: null }, API_REFUSED);
    return redirectWithToast(
      request,
      context,
      INVENTORY_HOME,
      success(response.message ?? INVENTORY_SPEC_MESSAGES.bankDetailsAdded),
    );
  });
}

interface Verified {
  bank: string;
  number: string;
  name: string;
}

/** The messages a verification answered, for the field they belong to. */
const errorsOf = (result: FormResult | undefined, name: FieldName) => result?.error?.[name] ?? undefined;

const withErrors = (field: FieldMeta, errors: string[] | undefined): FieldMeta => ({
  ...field,
  errors: errors?.length ? errors : undefined,
  "aria-invalid": errors?.length ? true : undefined,
  "aria-describedby": errors?.length ? field.errorId : undefined,
});

export default function BankDetails() {
  const { banks, provider, error, account } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>();
  // `fetcher` is a new object on every state change; its `submit` stays the same function.
  const submitVerification = fetcher.submit;
  const saved = account && {
    account_bank: account.bank_code,
    account_number: account.account_number,
    account_name: account.account_name,
  };
  const form = useFormState<FieldName>("bank", actionData?.result, saved ?? undefined);

  const [bank, setBank] = useState(form.field("account_bank").defaultValue ?? "");
  const [number, setNumber] = useState(form.field("account_number").defaultValue ?? "");
  const [search, setSearch] = useState("");
  const fromServer = actionData?.verified ?? null;
  const [verified, setVerified] = useState<Verified | null>(() =>
    fromServer
      ? { bank: bank, number: fromServer.account_number, name: fromServer.account_name }
      : saved
        ? { bank: saved.account_bank, number: saved.account_number, name: saved.account_name }
        : null,
  );
  const [verifyErrors, setVerifyErrors] = useState<Partial<Record<FieldName, string[]>>>({});
  const current = verified && verified.bank === bank && verified.number === number ? verified : null;
  const complete = Boolean(bank) && new RegExp(`^\\d{${ACCOUNT_NUMBER_LENGTH}}$`).test(number);

  // With JavaScript: verify 1 s after a 10-digit number and a bank are both there.
  useEffect(() => {
    if (!hydrated || !complete || current) return;
    const timer = setTimeout(
      () => submitVerification({ intent: "verify", account_bank: bank, account_number: number }, { method: "post" }),
      VERIFY_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [hydrated, complete, current, bank, number, submitVerification]);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    const sent = answer.result.initialValue ?? {};
    if (answer.verified)
      setVerified({
        bank: String(sent.account_bank ?? ""),
        number: answer.verified.account_number,
        name: answer.verified.account_name,
      });
    // A failure that names no field (the provider is down, too many tries) shows beside the number.
    const general = answer.result.error?.[""] ?? undefined;
    setVerifyErrors(
      answer.verified
        ? {}
        : {
            account_bank: errorsOf(answer.result, "account_bank"),
            account_number: errorsOf(answer.result, "account_number") ?? general,
          },
    );
  }, [fetcher.data, fetcher.state]);

  const verifying = fetcher.state !== "idle";
  const stale = (name: FieldName) => (hydrated && verifyErrors[name] ? verifyErrors[name] : form.field(name).errors);
  const shownBanks = search.trim()
    ? banks.filter((b) => b.code === bank || b.name.toLowerCase().includes(search.trim().toLowerCase()))
    : banks;

  return (
    <div className="space-y-5">
      <PageHeader backTo={INVENTORY_HOME} title="Bank Details" />
      {error ? <Banner>{error}</Banner> : null}
      {provider === "sandbox" ? <Banner kind="info">{BANK_MESSAGES.sandboxNotice}</Banner> : null}
      {account ? (
        <section
          aria-labelledby="current-account"
          className="space-y-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="current-account" className="font-semibold">
            Current account
          </h2>
          <p className="text-slate-800" data-testid="current-account">
            {account.account_bank} · {account.account_number} · {account.account_name}
          </p>
          <p className="text-sm text-slate-600">
            {account.verified_by === "paystack"
              ? "Verified with the bank through Paystack."
              : "Checked in the sandbox only."}
          </p>
          <p className="text-sm font-semibold text-slate-800" data-testid="subaccount-status">
            {PAYMENT_MESSAGES.subaccount[account.subaccount_status]}
          </p>
        </section>
      ) : null}

      <FormCard form={form}>
        {hydrated ? (
          <div className="space-y-1">
            <label htmlFor="bank-search" className="block text-sm font-semibold text-slate-800">
              Search banks
            </label>
            <input
              id="bank-search"
              type="search"
              className={inputClass}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              placeholder="Type a bank's name"
            />
          </div>
        ) : null}
        <SelectField
          label="Bank"
          required
          placeholder="Select your bank"
          options={shownBanks.map((b) => ({ value: b.code, label: b.name }))}
          field={withErrors(form.field("account_bank"), stale("account_bank"))}
          selectProps={{
            value: bank,
            defaultValue: undefined,
            onChange: (event) => setBank(event.currentTarget.value),
          }}
        />
        <Field
          label="Account Number"
          required
          hint="10 digits"
          field={withErrors(form.field("account_number"), stale("account_number"))}
          inputProps={{
            type: "text",
            inputMode: "numeric",
            autoComplete: "off",
            maxLength: ACCOUNT_NUMBER_LENGTH,
            value: number,
            defaultValue: undefined,
            onChange: (event) =>
              setNumber(event.currentTarget.value.replace(/\D/g, "").slice(0, ACCOUNT_NUMBER_LENGTH)),
          }}
        />
        {hydrated ? (
          <p className="text-sm text-slate-700" aria-live="polite">
            {verifying ? "Verifying…" : ""}
          </p>
        ) : (
          <Button type="submit" name="intent" value="verify" variant="secondary">
            Verify
          </Button>
        )}
        <Field
          label="Account Name"
          required
          hint="Filled in once the account number is verified"
          field={withErrors(form.field("account_name"), form.field("account_name").errors)}
          inputProps={{ type: "text", readOnly: true, value: current?.name ?? "", defaultValue: undefined }}
        />
        <Button
          className="w-full"
          name="intent"
          value="save"
          disabled={hydrated && !current}
          pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "save"}
          pendingLabel="Saving…"
        >
          Save Bank Details
        </Button>
      </FormCard>
    </div>
  );
}
