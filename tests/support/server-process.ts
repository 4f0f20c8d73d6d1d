import type { ChildProcess } from "node:child_process";
import net from "node:net";

/** A port nothing listens on at the moment of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production server (`spawnAt` spawns it on the port it is given, its stdout piped) and resolves once
 * it logs "listening". The port has to be chosen before the server starts, since its PUBLIC_URL names it; under
 * load another process (a test's server, or the local end of any outgoing connection) can take that port before
 * the server binds it. The server then exits with EADDRINUSE and is started again on another port. Waiting for the
 * server's own "listening" line, not for an answer on the port, means a health check never reaches a stranger.
 */
export async function spawnOnFreePort(
  spawnAt: (port: number) => ChildProcess,
  attempts = 5,
): Promise<{ child: ChildProcess; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawnAt(port);
    const output: string[] = [];
    let settle: (outcome: "listening" | "taken" | "exited") => void = () => {};
    const watch = (chunk: Buffer) => {
      output.push(chunk.toString("utf8"));
      const text = output.join("");
      if (text.includes('"msg":"listening"')) settle("listening");
      else if (text.includes("EADDRINUSE")) settle("taken");
    };
    const exit = () => settle(output.join("").includes("EADDRINUSE") ? "taken" : "exited");
    const outcome = await new Promise<"listening" | "taken" | "exited">((resolve) => {
      settle = resolve;
      child.stdout?.on("data", watch);
      child.stderr?.on("data", watch);
      child.once("exit", exit);
    });
    // The caller's own listeners read the rest.
    child.stdout?.off("data", watch);
    child.stderr?.off("data", watch);
    child.off("exit", exit);
    if (outcome === "listening") return { child, port };
    if (outcome === "taken" && attempt < attempts) {
      child.kill("SIGKILL");
      continue;
    }
    child.kill("SIGKILL");
    throw new Error(`the server did not start on port ${port}: ${output.join("")}`);
  }
}
