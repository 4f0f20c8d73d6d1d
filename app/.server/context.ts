/** What the host process hands every loader and action (server.ts builds it). */
export type SchoolApiFetch = (request: Request) => Promise<Response>;

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Calls the school API: in-process when embedded, over HTTP when SCHOOL_API_URL is set. */
    schoolApi: SchoolApiFetch;
    /** Where the browser loads API media (logos) from: "" when embedded, else SCHOOL_API_URL. */
    apiPublicBase: string;
    sessionSecret: string;
    /** Where uploads wait while an action streams them in and on to the API (DATA_DIR/tmp). */
    uploadTempDir: string;
  }
}

export {};
