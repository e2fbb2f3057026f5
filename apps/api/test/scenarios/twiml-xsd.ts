import { execFile, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/**
 * Validates TwiML documents against the carrier's XML Schema with xmllint (Debian's
 * libxml2-utils): all of them in one xmllint run, however many there are.
 */

/** A TwiML document → where it came from (shown when it does not validate). */
export type TwimlDocuments = ReadonlyMap<string, string>;

export type TwimlValidator =
  | {
      ok: true;
      /** One message per invalid document: where it came from, xmllint's errors, the document. */
      validate: (documents: TwimlDocuments) => Promise<string[]>;
    }
  | { ok: false; reason: string };

const repositoryRoot = new URL("../../../../", import.meta.url);
/** CI and developers keep shared/ beside the clone. */
const schemaDir = fileURLToPath(new URL("../shared/reference/twiml-xsd/", repositoryRoot));
const MAIN_SCHEMA = "twiml_v20100401_twilioRealtimeCallSchema.xsd";

/**
 * The schema lacks <Leave/>, a documented verb (the wait URL's way out of a queue): a copy of the
 * schema gets it beside <Hangup/>, until the published schema has it.
 */
const HANGUP = '<xs:element name="Hangup" type="HangupType"></xs:element>';
const LEAVE = '<xs:element name="Leave"><xs:complexType/></xs:element>';

export function findTwimlValidator(): TwimlValidator {
  if (!existsSync(join(schemaDir, MAIN_SCHEMA)))
    return {
      ok: false,
      reason: `the carrier's TwiML schema is not in ${schemaDir} (shared/ beside the clone)`,
    };
  const version = spawnSync("xmllint", ["--version"], { encoding: "utf8" });
  if (version.error || version.status !== 0)
    return {
      ok: false,
      reason: "xmllint is not installed: apt-get install -y libxml2-utils (bash .ci/run installs it)",
    };
  return { ok: true, validate };
}

const run = promisify(execFile);

async function validate(documents: TwimlDocuments): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "twiml-xsd-"));
  try {
    const schema = join(dir, "schema");
    cpSync(schemaDir, schema, { recursive: true });
    const main = readFileSync(join(schema, MAIN_SCHEMA), "utf8");
    if (!main.includes('name="Leave"')) {
      if (!main.includes(HANGUP))
        throw new Error(`the TwiML schema changed: no ${HANGUP} to add <Leave/> beside`);
      writeFileSync(join(schema, MAIN_SCHEMA), main.replace(HANGUP, `${HANGUP}${LEAVE}`));
    }
    const files = [...documents].map(([xml, origin], i) => {
      const path = join(dir, `doc-${i}.xml`);
      writeFileSync(path, xml);
      return { path, xml, origin };
    });
    // xmllint exits non-zero when any document fails; its report per file is what counts.
    const report = await run(
      "xmllint",
      ["--noout", "--schema", join(schema, MAIN_SCHEMA), ...files.map((f) => f.path)],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).then(
      (done) => done.stderr,
      (failed: { stderr?: string }) => failed.stderr ?? String(failed),
    );
    const lines = report.split("\n");
    return files
      .filter((f) => !lines.includes(`${f.path} validates`))
      .map((f) => {
        const errors = lines.filter((line) => line.startsWith(`${f.path}:`) || line.startsWith(`${f.path} `));
        const said = errors.length > 0 ? errors : lines.slice(0, 20);
        return `${f.origin}\n${said.join("\n").replaceAll(f.path, "document")}\n${f.xml}`;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
