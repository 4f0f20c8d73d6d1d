import { describe, expect, it, vi } from "vitest";

const render = vi.hoisted(() => ({ count: 0 }));
vi.mock("react-dom/server", async (importOriginal) => {
  const original = await importOriginal<typeof import("react-dom/server")>();
  return {
    ...original,
    renderToStaticMarkup: (element: Parameters<typeof original.renderToStaticMarkup>[0]) => {
      render.count += 1;
      return original.renderToStaticMarkup(element);
    },
  };
});

const { lineSvg, pieSvg } = await import("~/.server/charts.server");

const slices = (male: number, female: number) => [
  { id: "male", label: "Male", value: male, color: "#1d5fd1" },
  { id: "female", label: "Female", value: female, color: "#c026d3" },
];

describe("pieSvg", () => {
  it("draws an SVG with its title and rounded percentages", () => {
    const svg = pieSvg(slices(2, 1), "Students by gender: male 67%, female 33%");
    expect(svg).toMatch(/<svg\b[^>]*role="img"/);
    expect(svg).toContain("<title>Students by gender: male 67%, female 33%</title>");
    expect(svg).toContain(">67%<");
    expect(svg).toContain(">33%<");
  });

  it("draws a chart once and hands back the same drawing for the same figures", () => {
    const before = render.count;
    const first = pieSvg(slices(120, 80), "t");
    expect(render.count).toBe(before + 1);
    expect(pieSvg(slices(120, 80), "t")).toBe(first);
    expect(render.count).toBe(before + 1);
  });

  it("draws again when a figure or the title changes", () => {
    const a = pieSvg(slices(10, 30), "a");
    const b = pieSvg(slices(30, 10), "a");
    const c = pieSvg(slices(10, 30), "c");
    expect(b).not.toBe(a);
    expect(c).toContain("<title>c</title>");
    expect(b).toContain(">75%<");
  });
});

describe("lineSvg", () => {
  it("labels its days like 14 Jan, not in the API's YYYY-MM-DD", () => {
    const svg = lineSvg(
      [
        { x: "2026-01-14", y: 200 },
        { x: "2026-02-03", y: 500 },
      ],
      "#1d5fd1",
      "Collections",
      String,
    );
    expect(svg).toContain(">14 Jan<");
    expect(svg).toContain(">3 Feb<");
    expect(svg).not.toContain("01-14");
  });
});
