import { useEffect, useRef, useState, type FormEvent } from "react";
import { focusRefused } from "./form-state";
import { DEFAULT_INTENT, readIntent } from "./list-intents";

/** What an add or remove gives back: the edited state, messages to show, the field to focus. */
export interface ListFormResult<S, E> {
  state: S;
  errors: E;
  focus?: string;
  /** Changes on every answer, so the form is drawn afresh from `state`. */
  revision: string;
}

/**
 * With JavaScript, adding and removing list entries happens in the page, by the same function the
 * server runs without JavaScript: no round trip, and nothing typed meanwhile is lost. Only "save" is
 * submitted. The server's latest answer (a refused save) replaces what was edited in the page, and
 * focus goes to its first field in error (form `formId`), as `useFocusOnRefusal` does for other forms.
 * `edited` is what the form holds as it is typed and ticked (read by `read` at every change), else the latest
 * answer's state, else undefined while it still holds what was loaded: the page compares it with what is saved.
 */
export function useListForm<S, E>(
  formId: string,
  fromServer: ListFormResult<S, E> | undefined,
  reduce: (formData: FormData) => Omit<ListFormResult<S, E>, "revision">,
  read: (formData: FormData) => S,
) {
  const [local, setLocal] = useState<ListFormResult<S, E> | null>(null);
  const [typed, setTyped] = useState<{ revision: string; state: S } | null>(null);
  const count = useRef(0);
  const current = local ?? fromServer;
  const revision = current?.revision ?? "loaded";
  useEffect(() => setLocal(null), [fromServer]);
  useEffect(() => {
    if (fromServer) focusRefused(formId);
  }, [formId, fromServer]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(event.currentTarget);
    formData.set(
      "intent",
      submitter instanceof HTMLButtonElement && submitter.name === "intent" ? submitter.value : DEFAULT_INTENT,
    );
    if (readIntent(formData).kind === "save") return;
    event.preventDefault();
    count.current += 1;
    setLocal({ ...reduce(formData), revision: `page-${count.current}` });
  };

  const onChange = (event: FormEvent<HTMLFormElement>) =>
    setTyped({ revision, state: read(new FormData(event.currentTarget)) });

  return { current, onSubmit, onChange, edited: typed?.revision === revision ? typed.state : current?.state };
}
