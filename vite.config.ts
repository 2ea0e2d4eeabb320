import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// react-router's package.json names dist/development under every condition (upstream #12532,
// #14102): its development warnings would ship to browsers and run on the server. Both builds take
// dist/production, and the server bundles react-router and its adapters so Node never resolves
// the package itself (server/production-build.test.ts checks both builds).
const REACT_ROUTER = fileURLToPath(new URL("./node_modules/react-router/dist/production/", import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      // `npm run dev` keeps the development build and its warnings.
      ...(command === "build"
        ? [
            { find: /^react-router$/, replacement: `${REACT_ROUTER}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${REACT_ROUTER}dom-export.mjs` },
          ]
        : []),
    ],
  },
  // The server build's entry is our Express app, which mounts the React Router handler.
  // The browser build uses terser: about 3.5 KB less gzipped JavaScript on every first load.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        target: "es2020",
        minify: "terser",
        terserOptions: { ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
      },
  ssr: {
    external: ["pg", "@electric-sql/pglite", "sharp", "pino"],
    noExternal: command === "build" ? ["react-router", "@react-router/node", "@react-router/express"] : [],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
