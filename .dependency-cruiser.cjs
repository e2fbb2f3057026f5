/**
 * The direction of the layout (docs/architecture.md), checked on every run of `npm run lint`:
 * apps -> packages; modules -> contracts, domain, db, platform; nothing imports an app; the
 * domain is pure; test helpers stay out of product code; no file reaches into another
 * package's folder by a relative path.
 *
 *   npx depcruise apps packages web/src infra --config .dependency-cruiser.cjs
 */
const app = "^apps/";

module.exports = {
  forbidden: [
    {
      name: "nothing-imports-an-app",
      comment: "An app is an entry point: packages, the web and other apps do not import it.",
      severity: "error",
      from: { path: "^(packages|web)/" },
      to: { path: app },
    },
    {
      name: "apps-do-not-import-each-other",
      comment: "The API and the workers share packages, not each other's source (tests aside).",
      severity: "error",
      from: { path: "^apps/([^/]+)/src/" },
      to: { path: "^apps/", pathNot: "^apps/$1/" },
    },
    {
      name: "modules-use-only-lower-packages",
      comment: "A use case depends on the contracts, the domain, the database and the platform.",
      severity: "error",
      from: { path: "^packages/modules/src/" },
      to: {
        path: "^packages/",
        pathNot:
          "^packages/(modules|contracts|domain|db|platform)/src/|^packages/carrier-sim/src/index\\.ts$",
      },
    },
    {
      name: "contracts-are-vocabulary",
      comment: "A contract names shapes: it may use the domain's words and the database's enums.",
      severity: "error",
      from: { path: "^packages/contracts/src/" },
      to: {
        path: "^packages/",
        pathNot: "^packages/(contracts|domain)/src/|^packages/db/src/schema/enums\\.ts$",
      },
    },
    {
      name: "domain-is-pure",
      comment: "The domain is pure functions: no database, platform, module or contract.",
      severity: "error",
      from: { path: "^packages/domain/src/" },
      to: { path: "^packages/", pathNot: "^packages/domain/" },
    },
    {
      name: "lower-packages-stay-low",
      comment: "db, platform and the carrier simulator do not depend on modules or contracts.",
      severity: "error",
      from: { path: "^packages/(db|platform|carrier-sim)/src/" },
      to: { path: "^packages/(modules|contracts|testing)/" },
    },
    {
      name: "web-speaks-contracts",
      comment:
        "The web knows the API through the contracts; the domain's pure words, the widget renderer it shares, and the simulator's softphone protocol.",
      severity: "error",
      from: { path: "^web/src/" },
      to: {
        path: "^(packages|apps)/",
        pathNot:
          "^packages/(contracts|domain)/src/|^packages/db/src/schema/enums\\.ts$|^packages/modules/src/widgets/embed/|^packages/platform/src/events/live\\.ts$|^packages/carrier-sim/src/device-protocol\\.ts$",
      },
    },
    {
      name: "testing-is-for-tests",
      comment: "Stand-ins and fixtures are a dev dependency: product code never imports them.",
      severity: "error",
      from: { path: "^(apps|packages)/[^/]+/src/", pathNot: "^packages/testing/|/testing\\.ts$" },
      to: { path: "^packages/testing/|(^|/)testing\\.ts$|^packages/db/src/fixtures/" },
    },
    {
      name: "no-relative-reach-into-another-package",
      comment: "Another package is imported by its name, through its exports, never by a path.",
      severity: "error",
      from: { path: "^(apps|packages)/([^/]+)/" },
      to: { dependencyTypes: ["local"], path: "^(apps|packages)/", pathNot: "^$1/$2/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules|/dist/|\\.d\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "default"],
      extensions: [".ts", ".tsx", ".js"],
    },
    combinedDependencies: false,
  },
};
