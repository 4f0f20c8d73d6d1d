import autocannon from "autocannon";
import hdr from "hdr-histogram-js";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

/**
 * Drives one URL with autocannon for a fixed time and records every response time in an HDR
 * histogram, so p95 is measured rather than interpolated from autocannon's fixed percentiles.
 */
export async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: seconds, pipelining: 1 }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, _status, _bytes, responseTimeMs) => {
      histogram.recordValue(Math.max(1, Math.round(responseTimeMs * 1000)));
    });
  });
  const ms = (q: number) => Math.round(histogram.getValueAtPercentile(q) / 10) / 100;
  const out = {
    requestsPerSecond: Math.round(result.requests.average),
    p50: ms(50),
    p95: ms(95),
    p99: ms(99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
  histogram.destroy();
  return out;
}
