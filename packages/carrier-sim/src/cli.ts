/**
 * Places a test call or sends a test text through the running app's embedded carrier-sim and
 * prints what happened:
 *
 *   npm run call -- --from +13055551234 --to '#4LAW' --press 1,2 [--json] [--base http://localhost:3000]
 *   npm run text -- --from +13055551234 --to +18005550100 --body STOP [--json]
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { renderCallTranscript, renderTextTranscript } from "./render";
import type { CallTranscript, TextTranscript } from "./transcript";
import type { DialScript } from "./twiml-runner";

const USAGE = `Usage:
  npm run call -- --from NUMBER --to NUMBER|#CODE [--press 1,2] [--dial NUMBER=OUTCOME]...
                  [--record-seconds N] [--record-end timeout|hangup|KEY] [--transcription TEXT]
                  [--from-state XX] [--from-country XX] [--json] [--base URL]
  npm run text -- --from NUMBER --to NUMBER|#CODE --body TEXT [--media URL]... [--json] [--base URL]

  --press    one entry per Gather, comma-separated; an empty entry waits out the timeout ("1,,2")
  --dial     what a dialled number does: answer[:RING_SECONDS[:TALK_SECONDS]], busy, no-answer or
             failed (e.g. --dial +13055550000=answer:4:60); numbers not given do not answer
  --base     the app (default $POUNDLINE_URL or http://localhost:3000); requests go to
             BASE/carrier-sim/sim/calls and /texts

  From the machine the app runs on no token is needed; from elsewhere (or through a proxy) set
  CARRIER_SIM_TOKEN to the token the app was started with (its own CARRIER_SIM_TOKEN).`;

export class UsageError extends Error {}

export interface CliRequest {
  url: string;
  body: Record<string, unknown>;
  json: boolean;
  kind: "call" | "text";
}

function parseDial(specs: string[]): Record<string, DialScript> {
  const dial: Record<string, DialScript> = {};
  for (const spec of specs) {
    const match = /^(.+?)=(answer|busy|no-answer|failed)(?::(\d+)(?::(\d+))?)?$/.exec(spec);
    if (!match?.[1] || !match[2])
      throw new UsageError(`--dial ${spec}: expected NUMBER=OUTCOME[:RING[:TALK]]`);
    const [, number, outcome, ring, talk] = match;
    dial[number] =
      outcome === "answer"
        ? {
            outcome,
            ...(ring ? { ringSeconds: Number(ring) } : {}),
            ...(talk ? { talkSeconds: Number(talk) } : {}),
          }
        : { outcome: outcome as "busy" | "no-answer" | "failed" };
  }
  return dial;
}

/** Turns the command line into the request for the sim's control endpoint. */
export function parseCommand(argv: string[], env: Record<string, string | undefined>): CliRequest {
  const [command, ...rest] = argv;
  if (command !== "call" && command !== "text") throw new UsageError("first argument must be call or text");
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      press: { type: "string" },
      dial: { type: "string", multiple: true },
      "record-seconds": { type: "string" },
      "record-end": { type: "string" },
      transcription: { type: "string" },
      "from-state": { type: "string" },
      "from-country": { type: "string" },
      body: { type: "string" },
      media: { type: "string", multiple: true },
      json: { type: "boolean", default: false },
      base: { type: "string" },
    },
  });
  if (!values.from || !values.to) throw new UsageError("--from and --to are required");
  const base = (values.base ?? env.POUNDLINE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  const location = {
    ...(values["from-state"] ? { fromState: values["from-state"] } : {}),
    ...(values["from-country"] ? { fromCountry: values["from-country"] } : {}),
  };
  if (command === "text") {
    if (values.body === undefined) throw new UsageError("--body is required");
    return {
      kind: "text",
      json: values.json,
      url: `${base}/carrier-sim/sim/texts`,
      body: {
        from: values.from,
        to: values.to,
        body: values.body,
        ...(values.media ? { mediaUrls: values.media } : {}),
        ...location,
      },
    };
  }
  const recordSeconds = values["record-seconds"];
  if (recordSeconds !== undefined && !/^\d+$/.test(recordSeconds)) {
    throw new UsageError("--record-seconds must be a whole number");
  }
  return {
    kind: "call",
    json: values.json,
    url: `${base}/carrier-sim/sim/calls`,
    body: {
      from: values.from,
      to: values.to,
      ...(values.press !== undefined ? { press: values.press.split(",") } : {}),
      ...(values.dial ? { dial: parseDial(values.dial) } : {}),
      ...(recordSeconds !== undefined ? { recordSeconds: Number(recordSeconds) } : {}),
      ...(values["record-end"] ? { recordEnd: values["record-end"] } : {}),
      ...(values.transcription !== undefined ? { transcriptionText: values.transcription } : {}),
      ...location,
    },
  };
}

/** Runs the command; returns the process exit code. */
export async function main(
  argv: string[],
  env: Record<string, string | undefined>,
  out: (text: string) => void,
): Promise<number> {
  let request: CliRequest;
  try {
    request = parseCommand(argv, env);
  } catch (error) {
    out(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(env.CARRIER_SIM_TOKEN ? { authorization: `Bearer ${env.CARRIER_SIM_TOKEN}` } : {}),
      },
      body: JSON.stringify(request.body),
    });
  } catch (error) {
    out(
      `cannot reach ${request.url}: ${error instanceof Error ? error.message : String(error)} (is the app running?)`,
    );
    return 1;
  }
  const text = await response.text();
  if (!response.ok) {
    out(`${request.url} answered ${response.status}: ${text}`);
    return 1;
  }
  const transcript = JSON.parse(text) as CallTranscript | TextTranscript;
  if (request.json) out(JSON.stringify(transcript, null, 2));
  else if (request.kind === "call") out(renderCallTranscript(transcript as CallTranscript));
  else out(renderTextTranscript(transcript as TextTranscript));
  return 0;
}

const invokedDirectly = process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  process.exitCode = await main(process.argv.slice(2), process.env, (text) => console.log(text));
}
