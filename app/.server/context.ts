/**
 * What the host process hands every loader and action (server.ts builds it).
 *
 * `SchoolApiFetch` sends a request to the school API. `signal` aborts a request that went over the network once the
 * caller stops waiting; it is not set on the request itself, where it would cost every in-process call a linked signal.
 */
export type SchoolApiFetch = (request: Request, signal?: AbortSignal) => Promise<Response>;

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Calls the school API: in-process when embedded, over HTTP when SCHOOL_API_URL is set. */
    schoolApi: SchoolApiFetch;
    /** Where the browser loads API media (logos) from: "" when embedded, else SCHOOL_API_URL. */
    apiPublicBase: string;
    /** PUBLIC_URL: where schools and parents reach the app; the base of every absolute link a page shows. */
    publicUrl: string;
    sessionSecret: string;
    /** Where uploads wait while an action streams them in and on to the API (DATA_DIR/tmp). */
    uploadTempDir: string;
    /** Milliseconds a call to the school API may take before the page shows its failure message. */
    apiTimeoutMs: number;
    /** This request's Content-Security-Policy nonce, for the inline scripts Remix renders. */
    cspNonce: string;
    /** This request's id (X-Request-Id), shown on an error page and logged with every line about it. */
    requestId: string;
  }
}

export {};
