import hdr from "hdr-histogram-js";
import http from "node:http";

/**
 * The mixed run: `connections` admins at once, each sending one request after another for `seconds`:
 * list pages, searches, creates and updates, as forms and links send them (no JavaScript). Every
 * answer is timed into one HDR histogram; an error is a request that failed or got an answer other than
 * the one that task expects (200 for a page, 302 for a saved form). Each request carries its own
 * X-Request-Id, so a run can be matched against the server's log afterwards.
 */

export type Kind = "list" | "search" | "create" | "update";

export interface Outcome {
  id: string;
  kind: Kind;
  /** The HTTP status, or the network error's code when there was no answer. */
  status: number | string;
  ok: boolean;
  /** The name a create or update sent. */
  name?: string;
  started: number;
  ms: number;
}

export interface MixedResult {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  byKind: Record<Kind, { requests: number; p95: number; errors: number }>;
  errorSamples: string[];
}

export interface MixedOptions {
  base: string;
  cookie: string;
  connections: number;
  seconds: number;
  /** unique_ids of students that updates pick from. */
  studentIds: string[];
  searchTerms: string[];
  /** Marks the run's request ids and names, so that two runs never collide. */
  tag: string;
  /** Called once, half-way through the run. */
  halfway?: () => void;
}

/** Of a hundred tasks: 35 list pages, 25 searches, 20 creates, 20 updates. */
const MIX: Array<[Kind, number]> = [
  ["list", 35],
  ["search", 25],
  ["create", 20],
  ["update", 20],
];
const CLASSES = ["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"];

function pick(random: number): Kind {
  let left = random * 100;
  for (const [kind, weight] of MIX) if ((left -= weight) < 0) return kind;
  return "list";
}

interface Sent {
  method: "GET" | "POST";
  path: string;
  form?: Record<string, string>;
  expect: number;
  name?: string;
}

export async function mixedLoad(options: MixedOptions): Promise<{ result: MixedResult; outcomes: Outcome[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  });
  const perKind = Object.fromEntries(
    MIX.map(([k]) => [
      k,
      hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3 }),
    ]),
  ) as Record<Kind, hdr.Histogram>;
  const outcomes: Outcome[] = [];
  let serial = 0;
  const started = Date.now();
  const deadline = started + options.seconds * 1000;
  let halfwayCalled = false;

  const task = (kind: Kind, n: number): Sent => {
    const name = `Mixed ${options.tag} ${n}`;
    switch (kind) {
      case "list": {
        const page = 1 + (n % 50);
        return { method: "GET", path: n % 5 === 0 ? "/admin/time-table" : `/admin/students?page=${page}`, expect: 200 };
      }
      case "search":
        return {
          method: "GET",
          path: `/admin/students?q=${encodeURIComponent(options.searchTerms[n % options.searchTerms.length])}`,
          expect: 200,
        };
      case "create":
        return {
          method: "POST",
          path: "/admin/add-student",
          form: {
            name,
            selectedClass: CLASSES[n % CLASSES.length],
            gender: n % 2 ? "Female" : "Male",
            phone_number: `0803${String(1_000_000 + (n % 9_000_000)).slice(-7)}`,
            idempotency_key: `${options.tag}${String(n).padStart(12, "0")}`.padEnd(32, "0"),
          },
          expect: 302,
          name,
        };
      case "update":
        return {
          method: "POST",
          path: `/admin/update-student/${options.studentIds[n % options.studentIds.length]}`,
          form: {
            name,
            selectedClass: CLASSES[n % CLASSES.length],
            gender: n % 2 ? "Female" : "Male",
            phone_number: "08031234567",
          },
          expect: 302,
          name,
        };
    }
  };

  const send = (sent: Sent, id: string) =>
    new Promise<number>((resolve, reject) => {
      const body = sent.form ? new URLSearchParams(sent.form).toString() : undefined;
      const url = new URL(sent.path, options.base);
      const request = http.request(
        url,
        {
          method: sent.method,
          agent,
          headers: {
            cookie: options.cookie,
            "accept-encoding": "gzip",
            "x-request-id": id,
            ...(body
              ? {
                  "content-type": "application/x-www-form-urlencoded",
                  "content-length": Buffer.byteLength(body),
                  origin: options.base,
                }
              : {}),
          },
        },
        (res) => {
          res.on("data", () => {});
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(body);
    });

  const user = async () => {
    while (Date.now() < deadline) {
      if (!halfwayCalled && options.halfway && Date.now() >= started + (options.seconds * 1000) / 2) {
        halfwayCalled = true;
        options.halfway();
      }
      const n = serial++;
      const kind = pick(Math.random());
      const sent = task(kind, n);
      const id = `bench-${options.tag}-${n}`;
      const began = performance.now();
      const startedAt = Date.now();
      let status: number | string;
      try {
        status = await send(sent, id);
      } catch (error) {
        status = (error as NodeJS.ErrnoException).code ?? "ERROR";
      }
      const ms = performance.now() - began;
      const ok = status === sent.expect;
      outcomes.push({ id, kind, status, ok, name: sent.name, started: startedAt, ms });
      if (typeof status === "number") {
        histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
        perKind[kind].recordValue(Math.max(1, Math.round(ms * 1000)));
      } else {
        // No server to talk to (after a stop): do not spin.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, user));
  agent.destroy();

  const ms = (h: hdr.Histogram, q: number) => Math.round(h.getValueAtPercentile(q) / 10) / 100;
  const failed = outcomes.filter((o) => !o.ok);
  const result: MixedResult = {
    connections: options.connections,
    seconds: options.seconds,
    requests: outcomes.length,
    requestsPerSecond: Math.round(outcomes.length / options.seconds),
    p50: ms(histogram, 50),
    p95: ms(histogram, 95),
    p99: ms(histogram, 99),
    errors: failed.length,
    byKind: Object.fromEntries(
      MIX.map(([kind]) => [
        kind,
        {
          requests: outcomes.filter((o) => o.kind === kind).length,
          p95: ms(perKind[kind], 95),
          errors: failed.filter((o) => o.kind === kind).length,
        },
      ]),
    ) as MixedResult["byKind"],
    errorSamples: failed.slice(0, 5).map((o) => `${o.kind} ${o.status}`),
  };
  histogram.destroy();
  for (const h of Object.values(perKind)) h.destroy();
  return { result, outcomes };
}
