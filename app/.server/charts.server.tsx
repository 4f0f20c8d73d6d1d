import { Bar } from "@nivo/bar";
import { Line } from "@nivo/line";
import { Pie } from "@nivo/pie";
import { renderToStaticMarkup } from "react-dom/server";
import { formatDayMonth } from "~/lib/dates";
import { roundedPercentages } from "~/lib/percent";

export interface Slice {
  id: string;
  label: string;
  value: number;
  color: string;
}

/**
 * A pie chart rendered to SVG on the server at a fixed size: nivo never reaches the browser, and the
 * chart shows the same with or without JavaScript. Labels carry rounded percentages. `title` is the
 * chart's text alternative (nivo draws an unnamed role="img"), e.g. "Male 67%, female 33%".
 * The drawing depends on its inputs only, and drawing it was a tenth of the dashboard's time: the
 * last charts drawn are kept.
 */
export function pieSvg(slices: Slice[], title: string, size = 220): string {
  const key = JSON.stringify([slices, title, size]);
  let svg = drawn.get(key);
  if (svg === undefined) {
    if (drawn.size >= KEPT_CHARTS) drawn.clear();
    svg = drawPie(slices, title, size);
    drawn.set(key, svg);
  }
  return svg;
}

const KEPT_CHARTS = 256;
const drawn = new Map<string, string>();

function drawPie(slices: Slice[], title: string, size: number): string {
  const percents = roundedPercentages(slices.map((s) => s.value));
  const data = slices.map((s, i) => ({ ...s, percent: percents[i] })).filter((s) => s.value > 0);
  const svg = renderToStaticMarkup(
    <Pie
      width={size}
      height={size}
      data={data}
      colors={(d) => (d.data as { color: string }).color}
      margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
      innerRadius={0.5}
      padAngle={1}
      cornerRadius={3}
      animate={false}
      isInteractive={false}
      enableArcLinkLabels={false}
      arcLabel={(d) => `${(d.data as { percent: number }).percent}%`}
      arcLabelsTextColor="#ffffff"
      theme={{ labels: { text: { fontSize: 14, fontWeight: 700 } } }}
      arcLabelsSkipAngle={12}
      role="img"
    />,
  );
  return svg.replace(/<svg\b[^>]*>/, (open) => `${open}<title>${escapeText(title)}</title>`);
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Memoised like the pie: the same figures draw the same SVG. */
function kept(key: string, draw: () => string): string {
  let svg = drawn.get(key);
  if (svg === undefined) {
    if (drawn.size >= KEPT_CHARTS) drawn.clear();
    svg = draw();
    drawn.set(key, svg);
  }
  return svg;
}

const withTitle = (svg: string, title: string) =>
  svg.replace(/<svg\b[^>]*>/, (open) => `${open}<title>${escapeText(title)}</title>`);

export interface BarSeries {
  key: string;
  color: string;
}

/**
 * Stacked bars, one per row of `rows` (its `label`), of the `series` values, drawn to SVG on the server like
 * the pie. `format` writes the axis values (naira on the fees overview).
 */
export function stackedBarSvg(
  rows: Array<Record<string, string | number> & { label: string }>,
  series: BarSeries[],
  title: string,
  format: (value: number) => string,
  size = { width: 320, height: 240 },
): string {
  return kept(JSON.stringify(["bar", rows, series, title, size]), () =>
    withTitle(
      renderToStaticMarkup(
        <Bar
          width={size.width}
          height={size.height}
          data={rows}
          keys={series.map((s) => s.key)}
          indexBy="label"
          colors={series.map((s) => s.color)}
          margin={{ top: 8, right: 8, bottom: 36, left: 72 }}
          padding={0.3}
          animate={false}
          isInteractive={false}
          enableLabel={false}
          axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 4, format: (v) => format(Number(v)) }}
          axisBottom={{ tickSize: 0, tickPadding: 6 }}
          theme={{ text: { fontSize: 11, fill: "#334155" } }}
          role="img"
        />,
      ),
      title,
    ),
  );
}

/** One line of points in date order (x: YYYY-MM-DD), drawn to SVG on the server like the pie. */
export function lineSvg(
  points: { x: string; y: number }[],
  color: string,
  title: string,
  format: (value: number) => string,
  size = { width: 320, height: 220 },
): string {
  return kept(JSON.stringify(["line", points, color, title, size]), () =>
    withTitle(
      renderToStaticMarkup(
        <Line
          width={size.width}
          height={size.height}
          data={[{ id: "collected", data: points }]}
          colors={[color]}
          margin={{ top: 12, right: 16, bottom: 36, left: 72 }}
          xScale={{ type: "point" }}
          yScale={{ type: "linear", min: 0, max: "auto" }}
          animate={false}
          isInteractive={false}
          enableArea
          areaOpacity={0.15}
          pointSize={points.length > 20 ? 0 : 6}
          axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 4, format: (v) => format(Number(v)) }}
          axisBottom={{
            tickSize: 0,
            tickPadding: 6,
            tickValues: points.length > 6 ? [points[0].x, points[points.length - 1].x] : undefined,
            format: (v) => formatDayMonth(String(v)),
          }}
          theme={{ text: { fontSize: 11, fill: "#334155" } }}
          role="img"
        />,
      ),
      title,
    ),
  );
}
