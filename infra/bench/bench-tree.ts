import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";

/**
 * The source trees a bench can run side by side: this one, and the tree of an earlier commit
 * (the baseline), so both are measured in one run on the same machine under the same load —
 * CPU speed differs from machine to machine by 2x and more, and a figure from another run
 * compares with nothing.
 */
export interface BenchTree {
  label: string;
  root: string;
}

/** The first of `candidates` (paths relative to the tree) that exists: the layout moved over time. */
export function entryOf(tree: BenchTree, ...candidates: string[]): string {
  for (const candidate of candidates) {
    const path = join(tree.root, candidate);
    if (existsSync(path)) return path;
  }
  throw new Error(`${tree.label}: none of ${candidates.join(", ")}`);
}

/**
 * The tree of `commit`, extracted once into the temporary directory (kept for the next run) with
 * this tree's installed packages linked in: third-party packages point at this tree's
 * node_modules, and the workspace's own packages are linked from the baseline's own workspaces
 * (its package.json), so they resolve to the baseline's sources whatever the layout was then.
 * A baseline whose dependencies differ from this tree's cannot be run this way.
 */
export function prepareBaselineTree(repoRoot: string, commit: string): BenchTree {
  const full = execFileSync("git", ["-C", repoRoot, "rev-parse", "--verify", `${commit}^{commit}`], {
    encoding: "utf8",
  }).trim();
  const root = join(tmpdir(), `poundline-bench-${full.slice(0, 12)}`);
  if (!existsSync(join(root, ".extracted"))) {
    const partial = `${root}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    execFileSync("sh", ["-c", `git -C "${repoRoot}" archive "${full}" | tar -x -C "${partial}"`]);
    linkPackages(repoRoot, partial);
    linkWorkspaces(partial);
    execFileSync("touch", [join(partial, ".extracted")]);
    rmSync(root, { recursive: true, force: true });
    renameSync(partial, root);
  }
  return { label: `baseline (${commit})`, root };
}

/** Mirrors every node_modules directory of `from` (the root's and the workspaces') into `to`. */
function linkPackages(from: string, to: string) {
  const dirs = ["node_modules", ...workspaceModuleDirs(from)];
  for (const dir of dirs) {
    if (!existsSync(join(to, dir, ".."))) continue;
    mirror(join(from, dir), join(to, dir));
  }
}

function workspaceModuleDirs(root: string): string[] {
  const found: string[] = [];
  for (const parent of [".", "services", "apps", "packages"]) {
    if (!existsSync(join(root, parent))) continue;
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === "node_modules") continue;
      const dir = join(parent, entry.name, "node_modules");
      if (existsSync(join(root, dir))) found.push(dir);
    }
  }
  return found;
}

/** Links each entry of `source` from `target`; a scope holding relative links is mirrored as is. */
function mirror(source: string, target: string) {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    const from = join(source, entry.name);
    const to = join(target, entry.name);
    if (existsSync(to)) continue;
    if (entry.isSymbolicLink()) {
      // The workspace's own packages (relative links) are the baseline's: see linkWorkspaces.
      if (readlinkSync(from).startsWith("/")) symlinkSync(readlinkSync(from), to);
    } else if (entry.isDirectory() && entry.name.startsWith("@") && hasRelativeLinks(from)) {
      mirror(from, to);
    } else {
      symlinkSync(from, to);
    }
  }
}

function hasRelativeLinks(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some(
    (entry) => entry.isSymbolicLink() && !readlinkSync(join(dir, entry.name)).startsWith("/"),
  );
}

/** Links each workspace package of the tree at `root` (by its package.json's name) from its node_modules. */
function linkWorkspaces(root: string) {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    workspaces?: string[];
  };
  const dirs = workspaces.flatMap((pattern) => {
    if (!pattern.endsWith("/*")) return [pattern];
    const parent = pattern.slice(0, -2);
    if (!existsSync(join(root, parent))) return [];
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(parent, entry.name));
  });
  for (const dir of dirs) {
    const manifest = join(root, dir, "package.json");
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
    if (!name) continue;
    const link = join(root, "node_modules", name);
    if (existsSync(link)) continue;
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), join(root, dir)), link);
  }
}
