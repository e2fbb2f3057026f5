import type { OperationEntry } from "./schema-words";

/** Where the examples send their requests: this site. */
const origin = () => window.location.origin;

/** `/v1/contacts/{id}` with its parameters as placeholders a reader replaces. */
const examplePath = (path: string) => path.replace(/\{([^}]+)\}/g, (_, name: string) => `<${name}>`);

const sendsBody = (entry: OperationEntry) =>
  entry.operation.requestBody?.content["application/json"] !== undefined;

/** A curl command for the operation, key from the environment. */
export function curlExample(entry: OperationEntry, base = origin()): string {
  const method = entry.method.toUpperCase();
  const lines = [
    `curl -X ${method} "${base}${examplePath(entry.path)}"`,
    '  -H "Authorization: Bearer $POUNDLINE_API_KEY"',
  ];
  if (method === "POST") lines.push('  -H "Idempotency-Key: $(uuidgen)"');
  if (sendsBody(entry)) lines.push('  -H "Content-Type: application/json"', "  -d '{ ... }'");
  return lines.join(" \\\n");
}

/** The same request with fetch, in JavaScript. */
export function fetchExample(entry: OperationEntry, base = origin()): string {
  const method = entry.method.toUpperCase();
  // The key read from the environment, written as the reader's code has it.
  const keyFromEnvironment = ["$", "{process.env.POUNDLINE_API_KEY}"].join("");
  const headers = [`    Authorization: \`Bearer ${keyFromEnvironment}\`,`];
  if (method === "POST") headers.push('    "Idempotency-Key": crypto.randomUUID(),');
  if (sendsBody(entry)) headers.push('    "Content-Type": "application/json",');
  return [
    `const res = await fetch("${base}${examplePath(entry.path)}", {`,
    `  method: "${method}",`,
    "  headers: {",
    ...headers,
    "  },",
    ...(sendsBody(entry) ? ["  body: JSON.stringify({ /* ... */ }),"] : []),
    "});",
    "if (!res.ok) throw new Error((await res.json()).error.message);",
  ].join("\n");
}
