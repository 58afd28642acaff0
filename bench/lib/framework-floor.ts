import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import react from "@vitejs/plugin-react";
import { noPopper } from "../../scripts/vite-no-popper.js";
import { uiChunkGroup } from "../../scripts/vite-ui-chunk.js";
import { gzipSize } from "./gzip-size.js";

/**
 * The floors of bench:web's first-load JavaScript (issue 11): the same libraries as the app, at the
 * versions in node_modules, built by the same Vite in production mode with the plugins that shape
 * the output (React's, the no-Popper resolver) and the same UI chunk, and no code of ours (nor
 * Lingui's compile-time macros: the floors call its runtime directly).
 * - `react`: React and react-dom rendering one element;
 * - `router`: that plus react-router's data router (createBrowserRouter, RouterProvider, one lazy
 *   route), as client/app/router.tsx uses it;
 * - `stack`: that plus each library every first screen loads, used once the way the app uses it:
 *   a tRPC client (ws and HTTP batch links, @trpc/react-query), TanStack Query's provider, Lingui's
 *   i18n and provider, and react-bootstrap's top bar (Navbar, Nav, NavDropdown, Badge, Button).
 * The gap between `stack` and a page's first load is what the app's own code and catalogue add.
 */
const FLOORS = {
  react: {
    "main.tsx": `import { createRoot } from "react-dom/client";
createRoot(document.getElementById("root")).render(<h1>Hello</h1>);`,
  },
  router: {
    "main.tsx": `import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
const router = createBrowserRouter([{ path: "/", lazy: async () => ({ Component: (await import("./page")).Page }) }]);
createRoot(document.getElementById("root")).render(<RouterProvider router={router} />);`,
    "page.tsx": `export function Page() { return <h1>Hello</h1>; }`,
  },
  stack: {
    "main.tsx": `import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createWSClient, httpBatchLink, retryLink, splitLink, wsLink } from "@trpc/client";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { trpc } from "./trpc";
i18n.load("en", {});
i18n.activate("en");
const queryClient = new QueryClient();
const wsClient = createWSClient({ url: "ws://" + location.host + "/trpc", lazy: { enabled: true, closeMs: 0 } });
const trpcClient = trpc.createClient({
  links: [
    retryLink({ retry: (o) => o.attempts < 3 }),
    splitLink({ condition: (op) => op.type === "subscription", true: wsLink({ client: wsClient }), false: httpBatchLink({ url: "/trpc" }) }),
  ],
});
const router = createBrowserRouter([{ path: "/", lazy: async () => ({ Component: (await import("./page")).Page }) }]);
createRoot(document.getElementById("root")).render(
  <trpc.Provider client={trpcClient} queryClient={queryClient}>
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}><RouterProvider router={router} /></I18nProvider>
    </QueryClientProvider>
  </trpc.Provider>,
);`,
    "trpc.ts": `import { createTRPCReact } from "@trpc/react-query";
export const trpc = createTRPCReact();`,
    "page.tsx": `import { Badge, Button, Container, Nav, NavDropdown, Navbar } from "react-bootstrap";
import { useLingui } from "@lingui/react";
import { trpc } from "./trpc";
export function Page() {
  const { i18n } = useLingui();
  const settings = trpc.site.settings.useQuery();
  const send = trpc.chats.send.useMutation();
  return (
    <Navbar expand="md"><Container>
      <Navbar.Brand href="/">{settings.data?.name}</Navbar.Brand>
      <Navbar.Toggle aria-controls="nav" /><Navbar.Collapse id="nav"><Nav>
        <NavDropdown title={i18n._("Account")} id="account"><NavDropdown.Item href="/settings">{i18n._("Settings")}</NavDropdown.Item></NavDropdown>
        <Nav.Link href="/chats">{i18n._("Messages")} <Badge>1</Badge></Nav.Link>
      </Nav></Navbar.Collapse>
      <Button onClick={() => send.mutate({})}>{i18n._("Send")}</Button>
    </Container></Navbar>
  );
}`,
  },
} satisfies Record<string, Record<string, string>>;

export type FrameworkFloor = keyof typeof FLOORS;

/**
 * Build each floor (buildFloor) and measure its JavaScript.
 * @param root the checkout (its node_modules are the ones built).
 * @returns per floor, the gzip bytes (level 9, as bench:web measures the app) of all the
 *          JavaScript the build emits: everything a first visit of its one route loads.
 * @throws when a floor does not build (a library's API changed: the floor must follow the app).
 */
export async function measureFrameworkFloors(root: string): Promise<Record<FrameworkFloor, number>> {
  const out = {} as Record<FrameworkFloor, number>;
  // React's production build whatever this shell's NODE_ENV (Vite keeps a set one); restored
  // afterwards, or the bench's server would inherit it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    for (const [name, files] of Object.entries(FLOORS) as Array<[FrameworkFloor, Record<string, string>]>) {
      out[name] = await buildFloor(root, name, files);
    }
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return out;
}

/** One floor built in a temporary folder (deleted afterwards): the gzip bytes of all its JavaScript. */
async function buildFloor(root: string, name: string, files: Record<string, string>): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `amora-floor-${name}-`));
  try {
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    fs.writeFileSync(
      path.join(dir, "index.html"),
      '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>',
    );
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
    await build({
      root: dir,
      configFile: false,
      logLevel: "silent",
      mode: "production",
      // Vite's cache inside the temporary folder, not (through the symlink) in the checkout's node_modules.
      cacheDir: path.join(dir, ".vite"),
      plugins: [noPopper(), react()],
      build: {
        outDir: path.join(dir, "dist"),
        emptyOutDir: true,
        rolldownOptions: { output: { codeSplitting: { groups: [uiChunkGroup] } } },
      },
    });
    const assets = path.join(dir, "dist", "assets");
    return fs
      .readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .reduce((sum, f) => sum + gzipSize(path.join(assets, f)), 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
