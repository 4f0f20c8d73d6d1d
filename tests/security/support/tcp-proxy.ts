import net from "node:net";

/**
 * A TCP proxy the test controls, between the app and something it depends on (PostgreSQL, a school API
 * on another machine), to make that dependency fail on cue without touching the real one:
 * - "forward": bytes pass both ways;
 * - "hang": connections are accepted, and nothing passes either way (a dependency that stopped answering);
 * - "down": every connection is cut and new ones are refused (a dependency that stopped).
 */
export type ProxyMode = "forward" | "hang" | "down";

export interface TcpProxy {
  port: number;
  mode: ProxyMode;
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream?: net.Socket }>();
  let mode: ProxyMode = "forward";
  let server: net.Server;
  let port = 0;

  const accept = (client: net.Socket) => {
    const pair: { client: net.Socket; upstream?: net.Socket } = { client };
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on("error", forget);
    client.on("close", forget);
    if (mode === "hang") return client.pause();
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("error", forget);
    upstream.on("close", forget);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer(accept);
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();

  const cutAll = () => {
    for (const pair of [...pairs]) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    pairs.clear();
  };

  const proxy: TcpProxy = {
    get port() {
      return port;
    },
    get mode() {
      return mode;
    },
    async set(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === "down") {
        cutAll();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        return;
      }
      if (previous === "down") await listen();
      if (next === "hang") {
        // Established connections stop passing bytes too.
        for (const pair of pairs) {
          pair.client.unpipe();
          pair.upstream?.unpipe();
          pair.client.pause();
          pair.upstream?.pause();
        }
      } else {
        // Back from hanging: the held connections are useless to their owners by now.
        cutAll();
      }
    },
    async close() {
      cutAll();
      if (mode !== "down") await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
