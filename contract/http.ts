/** The error shape every school API call answers with on failure (docs/product.md, Answers). */
export type FieldErrors = Record<string, string[]>;

export interface ApiErrorBody {
  message?: string;
  errors?: FieldErrors;
  error?: string;
}

export interface ApiData<T> {
  message?: string;
  data: T;
}

export interface Paginated<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/**
 * The address a request came from, set by the server on every request it receives (any value the
 * client sent is replaced) and passed on with the web app's calls to the school API: the public
 * admission routes limit submissions per address.
 */
export const CLIENT_ADDRESS_HEADER = "X-Client-Address";

/**
 * The browser's User-Agent, passed on by the web app with each call as it passes the address: a sign-in keeps it
 * to name the session's device (/super-admin/profile). A call made straight to the API sends its own User-Agent.
 */
export const CLIENT_AGENT_HEADER = "X-Client-Agent";

/**
 * A device that has signed in before sends the token its sign-in answered with (`device_token`) here; the web
 * app keeps it in a signed, httpOnly cookie and passes it on.
 */
export const DEVICE_TOKEN_HEADER = "X-Device-Token";
