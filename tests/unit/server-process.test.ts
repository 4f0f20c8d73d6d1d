import { spawn } from "node:child_process";
import net from "node:net";
import { afterAll, expect, test } from "vitest";
import { spawnOnFreePort } from "../support/server-process";

// What the test servers are started with: when the probed port is taken before the server binds it (EADDRINUSE),
// the server starts again on another port instead of failing the test file that needed it.
const serverScript = `
const port = Number(process.argv[1]);
require("node:http").createServer((req, res) => res.end("ok")).listen(port, "127.0.0.1", () =>
  console.log(JSON.stringify({ level: "info", msg: "listening", port })));
`;

const taken = net.createServer();
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

test("a server whose port was taken meanwhile starts again on another one", async () => {
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const takenPort = (taken.address() as net.AddressInfo).port;
  const asked: number[] = [];
  const { child, port } = await spawnOnFreePort((port) => {
    // The first attempt meets a port someone else took after the probe.
    const bound = asked.length === 0 ? takenPort : port;
    asked.push(port);
    return spawn("node", ["-e", serverScript, String(bound)], { stdio: ["ignore", "pipe", "pipe"] });
  });
  try {
    expect(asked).toHaveLength(2);
    expect(port).toBe(asked[1]);
    expect(await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text())).toBe("ok");
  } finally {
    child.kill();
  }
});

test("a server that fails for another reason is not started again", async () => {
  let attempts = 0;
  await expect(
    spawnOnFreePort(() => {
      attempts++;
      return spawn("node", ["-e", "console.error('invalid configuration'); process.exit(1)"], {
        stdio: ["ignore", "pipe", "pipe"],
      });
    }),
  ).rejects.toThrow(/invalid configuration/);
  expect(attempts).toBe(1);
});
