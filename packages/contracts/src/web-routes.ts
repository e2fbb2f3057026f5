import { contracts } from "./registry";

/** The source of web/src/api/routes.generated.ts (scripts/generate-web-routes.ts writes it). */
export function webRoutesSource(): string {
  const lines = [
    "// Generated from packages/contracts (npm run generate:web-routes --workspace packages/contracts): do not edit.",
    'import type { RouteOf } from "@poundline/contracts/route";',
    'import type { Contracts } from "@poundline/contracts/registry";',
    "",
    "export const routes = {",
  ];
  for (const [context, group] of Object.entries(contracts)) {
    lines.push(`  ${JSON.stringify(context)}: {`);
    for (const [name, endpoint] of Object.entries(group)) {
      const type = `RouteOf<Contracts[${JSON.stringify(context)}][${JSON.stringify(name)}]>`;
      lines.push(
        `    ${JSON.stringify(name)}: { method: ${JSON.stringify(endpoint.method)}, path: ${JSON.stringify(endpoint.path)} } as ${type},`,
      );
    }
    lines.push("  },");
  }
  lines.push("} as const;", "");
  return lines.join("\n");
}
