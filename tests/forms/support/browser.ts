import { parseHTML } from "linkedom";

/**
 * A browser without JavaScript, in a few hundred lines: it asks for pages, keeps cookies, follows
 * redirects, and fills and submits forms the way Chromium does with scripts off. The no-js path of
 * every screen is plain HTML forms, so this is what a phone with JavaScript off sees and sends, at a
 * fraction of a real browser's cost (no process, no layout, no paint).
 *
 * What it sends follows the HTML form submission rules: the form's controls in document order (those
 * outside it that name it with `form=` included), disabled ones and unchecked boxes left out, the
 * pressed button's name and value, `formaction`/`formmethod`/`formenctype` of that button, files as
 * multipart parts. A POST carries `Origin`, as browsers do, so the app's same-origin check sees a page
 * of its own.
 */

type Doc = ReturnType<typeof parseHTML>["document"];
type El = ReturnType<Doc["querySelector"]> & {};

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const MAX_REDIRECTS = 10;

/** Text as a reader would read it: whitespace runs collapsed, trimmed. */
export const normalize = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

function matches(text: string, wanted: string | RegExp): boolean {
  return typeof wanted === "string" ? text === wanted : wanted.test(text);
}

/** The text a reader hears: aria-hidden parts left out, elements' texts kept apart by a space. */
function spokenText(node: El): string {
  if (node.nodeType === 3) return node.textContent ?? "";
  if (
    node.nodeType !== 1 ||
    node.getAttribute("aria-hidden") === "true" ||
    ["SCRIPT", "STYLE", "TEMPLATE"].includes(node.tagName)
  )
    return "";
  return ` ${[...node.childNodes].map((child) => spokenText(child as El)).join("")} `;
}

/** What a screen reader would call a button or link: aria-label, else its text (a value for an input button). */
function accessibleName(element: El): string {
  const label = element.getAttribute("aria-label");
  if (label) return normalize(label);
  const labelledBy = element.getAttribute("aria-labelledby");
  if (labelledBy) {
    const doc = element.ownerDocument;
    return normalize(
      labelledBy
        .split(/\s+/)
        .map((id: string) => doc.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
  }
  if (element.tagName === "INPUT") return normalize(element.getAttribute("value") ?? "");
  return normalize(spokenText(element));
}

export class Browser {
  private readonly cookies = new Map<string, string>();
  /** Every request's path and status, in order: a test can check nothing else was asked. */
  readonly visited: Array<{ method: string; path: string; status: number }> = [];

  /**
   * @param headers sent with every request, as a browser's settings send them (`Save-Data: on` in a browser's
   * data-saving mode).
   */
  constructor(
    readonly base: string,
    readonly headers: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw] = attribute.split("=").map((part) => part.trim().toLowerCase());
        return (key === "max-age" && Number(raw) <= 0) || (key === "expires" && Date.parse(raw) < Date.now());
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): Record<string, string> {
    if (!this.cookies.size) return {};
    return { Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") };
  }

  /** One request, with cookies; redirects followed as a browser follows them (a 303, 301 or 302 after a POST becomes a GET). */
  async request(method: string, path: string, body?: URLSearchParams | FormData): Promise<Page> {
    let url = new URL(path, this.base);
    let init: RequestInit = { method, body, headers: {} };
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = { ...this.headers, ...this.cookieHeader(), Accept: "text/html" };
      if (init.method !== "GET") headers.Origin = new URL(this.base).origin;
      const response = await fetch(url, { ...init, headers, redirect: "manual" });
      this.keepCookies(response);
      this.visited.push({ method: init.method ?? "GET", path: url.pathname + url.search, status: response.status });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.arrayBuffer();
        if (hop >= MAX_REDIRECTS) throw new Error(`too many redirects from ${path}`);
        url = new URL(location, url);
        if (response.status !== 307 && response.status !== 308) init = { method: "GET", headers: {} };
        continue;
      }
      const type = response.headers.get("content-type") ?? "";
      if (!type.includes("text/html"))
        return new Page(this, url, response.status, response.headers, "", Buffer.from(await response.arrayBuffer()));
      return new Page(this, url, response.status, response.headers, await response.text());
    }
  }

  goto(path: string): Promise<Page> {
    return this.request("GET", path);
  }

  /** Sets a cookie as a server's Set-Cookie would (to send an old session again, say). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }
}

export class Page {
  readonly document: Doc;

  constructor(
    readonly browser: Browser,
    readonly url: URL,
    readonly status: number,
    readonly headers: Headers,
    readonly html: string,
    /** The body of an answer that is not a page (a PDF, a spreadsheet). */
    readonly bytes?: Buffer,
  ) {
    this.document = parseHTML(html || "<!doctype html><html><body></body></html>").document;
  }

  get path(): string {
    return this.url.pathname;
  }

  /** The whole visible text of the page (or of the first element matching `selector`), whitespace collapsed. */
  text(selector = "body"): string {
    const element = this.document.querySelector(selector);
    if (!element) throw new Error(`no ${selector} on ${this.path}`);
    const copy = element.cloneNode(true) as El;
    for (const hidden of copy.querySelectorAll("script, style, template, [hidden]")) hidden.remove();
    return normalize(copy.textContent);
  }

  heading(level = 1): string {
    return normalize(this.document.querySelector(`h${level}`)?.textContent);
  }

  byTestId(id: string): El | null {
    return this.document.querySelector(`[data-testid="${id}"]`);
  }

  /** The flash message shown on this page, or null. */
  toast(): string | null {
    const element = this.byTestId("toast");
    return element ? normalize(element.textContent) : null;
  }

  /** The items of a list named by its aria-label (`<ul aria-label="Students">`), as text. */
  listItems(name: string): string[] {
    const list = [...this.document.querySelectorAll("ul[aria-label], ol[aria-label]")].find(
      (element) => normalize(element.getAttribute("aria-label")) === name,
    );
    if (!list) return [];
    return [...list.children].filter((child) => child.tagName === "LI").map((item) => normalize(item.textContent));
  }

  /** The links whose name matches, in document order. */
  links(name: string | RegExp): El[] {
    return [...this.document.querySelectorAll("a[href]")].filter((link) => matches(accessibleName(link), name));
  }

  /** The href of the one link named `name` (the first, when `first` is set). */
  href(name: string | RegExp, { first = false } = {}): string {
    const found = this.links(name);
    if (found.length === 0)
      throw new Error(`no link named ${name} on ${this.path}: ${this.links(/.*/).map(accessibleName).join(" | ")}`);
    if (found.length > 1 && !first) throw new Error(`${found.length} links named ${name} on ${this.path}`);
    return found[0].getAttribute("href")!;
  }

  /** Follows the link named `name`, as a tap on it would. */
  follow(name: string | RegExp, options?: { first?: boolean }): Promise<Page> {
    return this.browser.goto(new URL(this.href(name, options), this.url).toString());
  }

  /** The control labelled `label`: by `<label for>`, a wrapping `<label>`, or aria-label. */
  control(label: string | RegExp, within?: El | Doc): El {
    const found = this.controls(label, within);
    if (found.length === 0) throw new Error(`no control labelled ${label} on ${this.path}`);
    if (found.length > 1) throw new Error(`${found.length} controls labelled ${label} on ${this.path}`);
    return found[0];
  }

  controls(label: string | RegExp, within: El | Doc = this.document): El[] {
    const found = new Set<El>();
    for (const element of within.querySelectorAll("label")) {
      if (!matches(normalize(element.textContent), label)) continue;
      const id = element.getAttribute("for");
      const control = id ? this.document.getElementById(id) : element.querySelector("input, select, textarea");
      if (control) found.add(control);
    }
    for (const element of within.querySelectorAll("input[aria-label], select[aria-label], textarea[aria-label]")) {
      if (matches(normalize(element.getAttribute("aria-label")), label)) found.add(element);
    }
    return [...found];
  }

  /** The fieldset whose legend is `legend` (a group of checkboxes, say). */
  group(legend: string | RegExp): El {
    const found = [...this.document.querySelectorAll("fieldset")].filter((set) =>
      matches(normalize(set.querySelector("legend")?.textContent), legend),
    );
    if (found.length !== 1) throw new Error(`${found.length} groups named ${legend} on ${this.path}`);
    return found[0];
  }

  /** What a field shows: its value, the text of its descriptions (messages and hints), whether it is marked invalid. */
  field(label: string | RegExp, within?: El | Doc) {
    const control = this.control(label, within);
    return describe(this, control);
  }

  /** The message of a whole group (a fieldset's aria-describedby). */
  groupDescription(legend: string | RegExp): string {
    return descriptionOf(this, this.group(legend));
  }

  /**
   * The form to fill: the one holding the button named `button`, or the one matching a CSS selector.
   * Values typed into it stay on this page's copy of the form until it is submitted.
   */
  form(which: { button: string | RegExp } | { selector: string }): Form {
    if ("selector" in which) {
      const form = this.document.querySelector(which.selector);
      if (!form || form.tagName !== "FORM") throw new Error(`no form ${which.selector} on ${this.path}`);
      return new Form(this, form);
    }
    const forms = [...this.document.querySelectorAll("form")].filter((form) =>
      submitButtons(this, form).some((button) => matches(accessibleName(button), which.button)),
    );
    if (forms.length === 0)
      throw new Error(
        `no form with a button named ${which.button} on ${this.path}: ${[...this.document.querySelectorAll("button")].map(accessibleName).join(" | ")}`,
      );
    if (forms.length > 1) throw new Error(`${forms.length} forms with a button named ${which.button} on ${this.path}`);
    return new Form(this, forms[0]);
  }

  /** Submits the one form holding the button named `button`, pressing it, with the values it has now. */
  press(button: string | RegExp): Promise<Page> {
    return this.form({ button }).submit(button);
  }

  /** The texts of the headings of a level, in document order (the panels of a page, say). */
  headings(level: number): string[] {
    return [...this.document.querySelectorAll(`h${level}`)].map((heading) => normalize(heading.textContent));
  }

  /** The buttons whose name matches, submit or not, in document order: a test can check one is not offered. */
  buttons(name: string | RegExp): El[] {
    return [...this.document.querySelectorAll("button, input[type=submit], input[type=button]")].filter((button) =>
      matches(accessibleName(button), name),
    );
  }

  /** The names of the links inside the first element matching `selector` (a menu, a card), in document order. */
  linkNames(selector: string): string[] {
    const element = this.document.querySelector(selector);
    if (!element) throw new Error(`no ${selector} on ${this.path}`);
    return [...element.querySelectorAll("a[href]")].map(accessibleName);
  }

  /** The section, nav or other landmark named `name` by its aria-label or aria-labelledby. */
  region(name: string | RegExp): El {
    const found = [...this.document.querySelectorAll("[aria-label], [aria-labelledby]")].filter(
      (element) =>
        ["SECTION", "NAV", "ASIDE", "MAIN", "HEADER", "FOOTER", "FORM"].includes(element.tagName) ||
        element.getAttribute("role") === "region",
    );
    const named = found.filter((element) => matches(accessibleName(element), name));
    if (named.length !== 1)
      throw new Error(
        `${named.length} regions named ${name} on ${this.path}: ${found.map(accessibleName).join(" | ")}`,
      );
    return named[0];
  }

  /** The links named `name` inside `scope` (a region, a list item), in document order. */
  linksWithin(scope: El, name: string | RegExp): El[] {
    return [...scope.querySelectorAll("a[href]")].filter((link) => matches(accessibleName(link), name));
  }

  /** Every row of the page's tables as the texts of its cells (header rows included), in document order. */
  tableRows(): string[][] {
    return [...this.document.querySelectorAll("tr")].map((row) =>
      [...row.children]
        .filter((cell) => cell.tagName === "TD" || cell.tagName === "TH")
        .map((cell) => normalize(cell.textContent)),
    );
  }

  /** The name a browser saves this download under: Content-Disposition's `filename*` (UTF-8), else its `filename`. */
  get filename(): string | null {
    const disposition = this.headers.get("content-disposition") ?? "";
    const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
    if (encoded) return decodeURIComponent(encoded[1].trim());
    return /filename="?([^";]*)"?/i.exec(disposition)?.[1] ?? null;
  }

  /** The items of the lists inside `within` (a group of chips, a day's schedules), as text. */
  itemsIn(within: El): string[] {
    return [...within.querySelectorAll("li")].map((item) => normalize(item.textContent));
  }

  /** The `<details>` menu whose summary is named `label` (a row's "Actions for Uniforms"). */
  menu(label: string | RegExp): El {
    const found = [...this.document.querySelectorAll("details > summary")].filter((summary) =>
      matches(accessibleName(summary), label),
    );
    if (found.length !== 1) throw new Error(`${found.length} menus named ${label} on ${this.path}`);
    return found[0].parentElement!;
  }

  /** Follows the one link named `name` inside `within` (a row's menu, a list item), as a tap on it would. */
  followWithin(within: El, name: string | RegExp): Promise<Page> {
    const found = this.linksWithin(within, name);
    if (found.length !== 1) throw new Error(`${found.length} links named ${name} in that part of ${this.path}`);
    return this.browser.goto(new URL(found[0].getAttribute("href")!, this.url).toString());
  }
}

function descriptionOf(page: Page, element: El): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return normalize(ids.map((id) => page.document.getElementById(id)?.textContent ?? "").join(" "));
}

function describe(page: Page, control: El) {
  const options = control.tagName === "SELECT" ? [...control.querySelectorAll("option")] : [];
  const selected = options.find((option) => option.hasAttribute("selected")) ?? options[0];
  return {
    element: control,
    value:
      control.tagName === "SELECT"
        ? (selected?.getAttribute("value") ?? normalize(selected?.textContent))
        : control.tagName === "TEXTAREA"
          ? control.textContent
          : (control.getAttribute("value") ?? ""),
    checked: control.hasAttribute("checked"),
    description: descriptionOf(page, control),
    invalid: control.getAttribute("aria-invalid") === "true",
    options: options.map((option) => ({
      value: option.getAttribute("value") ?? normalize(option.textContent),
      label: normalize(option.textContent),
    })),
  };
}

/**
 * An attribute whatever the case of its name. The server's markup keeps React's spelling (`encType`,
 * `formAction`), which a browser's parser folds to lower case and linkedom does not.
 */
function attributeOf(element: El | undefined, name: string): string | null {
  const found = element && [...element.attributes].find((attribute) => attribute.name.toLowerCase() === name);
  return found ? found.value : null;
}

/** The buttons that submit `form`: inside it (type submit by default) or outside with form=its id. */
function submitButtons(page: Page, form: El): El[] {
  const id = form.getAttribute("id");
  const inside = [...form.querySelectorAll("button, input[type=submit]")].filter(
    (button) => !button.getAttribute("form") || button.getAttribute("form") === id,
  );
  const outside = id
    ? [...page.document.querySelectorAll(`button[form="${id}"], input[type=submit][form="${id}"]`)]
    : [];
  return [...inside, ...outside].filter((button) => (button.getAttribute("type") ?? "submit") === "submit");
}

export class Form {
  private readonly files = new Map<El, UploadFile[]>();

  constructor(
    readonly page: Page,
    readonly element: El,
  ) {}

  private control(label: string | RegExp, within?: string | RegExp): El {
    const scope = within === undefined ? this.element : this.page.group(within);
    return this.page.control(label, scope);
  }

  /** Types into a text field (or a textarea), replacing what it held. */
  fill(label: string | RegExp, value: string, options: { within?: string | RegExp } = {}): this {
    const control = this.control(label, options.within);
    if (control.tagName === "TEXTAREA") control.textContent = value;
    else control.setAttribute("value", value);
    return this;
  }

  /** Chooses the option of a select by its value or, failing that, its text. */
  select(label: string | RegExp, value: string): this {
    const control = this.control(label);
    const options = [...control.querySelectorAll("option")];
    const option =
      options.find((o) => (o.getAttribute("value") ?? normalize(o.textContent)) === value) ??
      options.find((o) => normalize(o.textContent) === value);
    if (!option)
      throw new Error(`${label} has no option ${value}: ${options.map((o) => o.getAttribute("value")).join(", ")}`);
    for (const other of options) other.removeAttribute("selected");
    option.setAttribute("selected", "");
    return this;
  }

  check(label: string | RegExp, options: { within?: string | RegExp } = {}): this {
    const control = this.control(label, options.within);
    if (control.getAttribute("type") === "radio") {
      const name = control.getAttribute("name");
      for (const other of this.element.querySelectorAll(`input[type=radio][name="${name}"]`))
        other.removeAttribute("checked");
    }
    control.setAttribute("checked", "");
    return this;
  }

  uncheck(label: string | RegExp, options: { within?: string | RegExp } = {}): this {
    this.control(label, options.within).removeAttribute("checked");
    return this;
  }

  /** Chooses files for a file input (none clears it). */
  attach(label: string | RegExp, ...files: UploadFile[]): this {
    const control = this.control(label);
    if (control.getAttribute("type") !== "file") throw new Error(`${label} is not a file input`);
    if (files.length > 1 && !control.hasAttribute("multiple")) throw new Error(`${label} takes one file`);
    this.files.set(control, files);
    return this;
  }

  /** The name/value pairs the form would send with `button` pressed. */
  entries(button?: string | RegExp): Array<[string, string | UploadFile]> {
    return this.entriesPressing(button === undefined ? undefined : this.button(button));
  }

  private entriesPressing(pressed: El | undefined): Array<[string, string | UploadFile]> {
    const id = this.element.getAttribute("id");
    const owned = (control: El) => {
      const owner = control.getAttribute("form");
      return owner ? owner === id : control.closest("form") === this.element;
    };
    const all = [...this.page.document.querySelectorAll("input, select, textarea, button")].filter(owned);
    const entries: Array<[string, string | UploadFile]> = [];
    for (const control of all) {
      const name = control.getAttribute("name");
      if (!name || control.hasAttribute("disabled") || control.closest("fieldset[disabled]")) continue;
      const tag = control.tagName;
      const type = (control.getAttribute("type") ?? (tag === "BUTTON" ? "submit" : "text")).toLowerCase();
      if (tag === "BUTTON" || type === "submit" || type === "image") {
        if (control === pressed) entries.push([name, control.getAttribute("value") ?? ""]);
        continue;
      }
      if (type === "reset" || type === "button") continue;
      if ((type === "checkbox" || type === "radio") && !control.hasAttribute("checked")) continue;
      if (type === "checkbox" || type === "radio") entries.push([name, control.getAttribute("value") ?? "on"]);
      else if (type === "file")
        for (const file of this.files.get(control) ?? [
          { name: "", mimeType: "application/octet-stream", buffer: Buffer.alloc(0) },
        ])
          entries.push([name, file]);
      else if (tag === "SELECT") {
        const options = [...control.querySelectorAll("option")];
        const chosen = control.hasAttribute("multiple")
          ? options.filter((o) => o.hasAttribute("selected"))
          : [options.find((o) => o.hasAttribute("selected")) ?? options[0]].filter(Boolean);
        for (const option of chosen)
          entries.push([name, option.getAttribute("value") ?? normalize(option.textContent)]);
      } else if (tag === "TEXTAREA") entries.push([name, (control.textContent ?? "").replace(/^\n/, "")]);
      else entries.push([name, control.getAttribute("value") ?? ""]);
    }
    return entries;
  }

  button(name: string | RegExp): El {
    const found = submitButtons(this.page, this.element).filter((button) => matches(accessibleName(button), name));
    if (found.length === 0) throw new Error(`no button named ${name} in the form on ${this.page.path}`);
    return found[0];
  }

  /** Presses the button named `button` (the form's first submit button when none is named) and follows where it leads. */
  submit(button?: string | RegExp): Promise<Page> {
    return this.send(button === undefined ? submitButtons(this.page, this.element)[0] : this.button(button));
  }

  /**
   * Presses the button named `button` inside the group `legend`: a list's own Remove, where another list
   * of the form has a button of the same name.
   */
  submitIn(legend: string | RegExp, button: string | RegExp): Promise<Page> {
    const group = this.page.group(legend);
    const found = submitButtons(this.page, this.element).filter(
      (candidate) => group.contains(candidate) && matches(accessibleName(candidate), button),
    );
    if (found.length !== 1)
      throw new Error(`${found.length} buttons named ${button} in ${legend} on ${this.page.path}`);
    return this.send(found[0]);
  }

  /** Submits with `pressed` as the submitter (Enter in a field presses the form's first submit button). */
  private send(pressed: El | undefined): Promise<Page> {
    const attribute = (name: string, fallback: string) =>
      attributeOf(pressed, `form${name}`) ?? attributeOf(this.element, name) ?? fallback;
    const method = attribute("method", "get").toUpperCase();
    const action = new URL(attribute("action", "") || this.page.url.toString(), this.page.url);
    const entries = this.entriesPressing(pressed);
    if (method === "GET") {
      action.search = new URLSearchParams(
        entries.map(([key, value]) => [key, typeof value === "string" ? value : value.name]),
      ).toString();
      return this.page.browser.goto(action.toString());
    }
    if (attribute("enctype", "application/x-www-form-urlencoded") === "multipart/form-data") {
      const body = new FormData();
      for (const [key, value] of entries) {
        if (typeof value === "string") body.append(key, value);
        else body.append(key, new Blob([new Uint8Array(value.buffer)], { type: value.mimeType }), value.name);
      }
      return this.page.browser.request("POST", action.toString(), body);
    }
    const body = new URLSearchParams(
      entries.map(([key, value]) => [key, typeof value === "string" ? value : value.name]),
    );
    return this.page.browser.request("POST", action.toString(), body);
  }
}
