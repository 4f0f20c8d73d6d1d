import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef6ff",
          100: "#d9eaff",
          600: "#1d5fd1",
          700: "#174ca8",
          800: "#143f87",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
