import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freeRestartablePort } from "./ports.js";

/**
 * A throwaway PostgreSQL cluster of a test's own (initdb into a temporary directory, on a free
 * port of 127.0.0.1, trust auth), that the test may stop with `-m immediate` and start again —
 * never the machine's shared server. Needs the server binaries (Debian's postgresql package) and,
 * when the test runs as root, the `postgres` system user to own the cluster.
 */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Stop at once, as a crash would (`pg_ctl stop -m immediate`): no checkpoint, connections cut. */
  stopImmediate(): Promise<void>;
  /** Start again (crash recovery replays the WAL) and wait until it accepts connections. */
  start(): Promise<void>;
  /** Stop and delete the cluster. */
  destroy(): Promise<void>;
}

/** The directory of initdb and pg_ctl, or null when PostgreSQL's server binaries are not installed. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, "bin") : null;
}

/** Why an own cluster cannot be made here, or null when it can. */
export function ownPostgresUnavailableReason(): string | null {
  if (!postgresBinDir()) return "PostgreSQL's server binaries (initdb, pg_ctl) are not installed";
  if (process.getuid?.() === 0 && spawnSync("id", ["-u", "postgres"]).status !== 0)
    return "running as root without a postgres system user to own the cluster";
  return null;
}

const execFileAsync = promisify(execFile);

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL's server binaries are not installed");
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "own-pg-"));
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const dataDir = path.join(dir, "data");
  const port = await freeRestartablePort();
  // initdb and the server refuse to run as root: run them as the postgres user.
  // (Asynchronously: the server under test runs in this process and must keep answering meanwhile.)
  const run = async (tool: string, args: string[]): Promise<void> => {
    const cmd = path.join(bin, tool);
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
    await execFileAsync(file, argv, { timeout: 90_000 }).catch((err: { stderr?: string; message: string }) => {
      throw new Error(`${tool} ${args.join(" ")} failed: ${err.stderr || err.message}`);
    });
  };
  await run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const own: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await run("pg_ctl", ["-D", dataDir, "-o", serverOptions, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
    },
    async stopImmediate() {
      await run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "-t", "60", "stop"]);
    },
    async destroy() {
      await own.stopImmediate().catch(() => {}); // already stopped
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}
