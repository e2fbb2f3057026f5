import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The carrier's words for a toll-free verification, read from its messaging description
 * (shared/reference/twilio-oai/twilio_messaging_v1.json), never typed in: the use case
 * categories, opt-in types, business types, registration authorities and statuses, and the fields
 * a submission requires.
 */

export const defaultDescriptionPath = fileURLToPath(
  new URL("../../../../shared/reference/twilio-oai/twilio_messaging_v1.json", import.meta.url),
);

export interface TollFreeVerificationFile {
  source: string;
  useCaseCategories: string[];
  optInTypes: string[];
  businessTypes: string[];
  registrationAuthorities: string[];
  statuses: string[];
  requiredFields: string[];
}

interface Description {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
}

interface Schema {
  enum?: string[];
  items?: Schema;
  required?: string[];
}

function enumOf(description: Description, name: string): string[] {
  const schema = description.components.schemas[`tollfree_verification_enum_${name}`];
  const values = schema?.enum ?? schema?.items?.enum;
  if (!values) throw new Error(`no enum tollfree_verification_enum_${name} in the description`);
  return [...values];
}

export function tollFreeVerificationFrom(json: string, source: string): TollFreeVerificationFile {
  const description = JSON.parse(json) as Description;
  const create = description.paths["/v1/Tollfree/Verifications"]?.post?.requestBody?.content;
  const required = create?.["application/x-www-form-urlencoded"]?.schema.required;
  if (!required) throw new Error("no CreateTollfreeVerification body in the description");
  return {
    source,
    useCaseCategories: enumOf(description, "use_case_categories"),
    optInTypes: enumOf(description, "opt_in_type"),
    businessTypes: enumOf(description, "business_type"),
    registrationAuthorities: enumOf(description, "business_registration_authority"),
    statuses: enumOf(description, "status"),
    requiredFields: [...required],
  };
}

export function generateTollFreeVerification(path = defaultDescriptionPath): TollFreeVerificationFile {
  return tollFreeVerificationFrom(readFileSync(path, "utf8"), "twilio-oai twilio_messaging_v1.json");
}

export const formatTollFreeVerificationFile = (file: TollFreeVerificationFile): string =>
  `${JSON.stringify(file, null, 2)}\n`;
