import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (server/security-headers.ts),
 * for the inline scripts Remix writes. In the browser there is none: the scripts already ran, and React
 * leaves their attributes alone while hydrating.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
