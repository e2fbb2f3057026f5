import {
  Accordion,
  Anchor,
  Badge,
  Box,
  Code,
  Group,
  List,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type {
  JsonSchema,
  OpenApiDocument,
  Operation,
  Parameter,
} from "@poundline/contracts/reference/openapi-document";
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { createContext, Fragment, type ReactNode, useContext, useMemo, useState } from "react";
import { useApi } from "../../api/context";
import { referenceApi } from "../../api/reference";
import { QueryState } from "../../ui/QueryState";
import { OperationExamples } from "./examples";
import {
  constraintWords,
  type Field,
  fieldsOf,
  groupByTag,
  type OperationEntry,
  objectWithin,
  resolveResponse,
  resolveSchema,
  type TagGroup,
  typeLabel,
} from "./schema-words";

export const OPENAPI_DOCUMENT_URL = "/api/openapi.json";

/** Filled badges whose white text keeps its contrast. */
const methodColors: Record<string, string> = {
  get: "blue.8",
  post: "teal.9",
  put: "indigo.8",
  patch: "grape.8",
  delete: "red.8",
};

/** Long paths and patterns break anywhere rather than widen a phone's screen. */
const breakAnywhere = { overflowWrap: "anywhere" } as const;

/** `code` and **bold** of the document's Markdown prose, the only marks it uses. */
function InlineMarkdown({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g);
  return (
    <>
      {parts.map((part, index) => {
        const key = `${index}:${part}`;
        if (part.startsWith("`") && part.endsWith("`")) return <Code key={key}>{part.slice(1, -1)}</Code>;
        if (part.startsWith("**") && part.endsWith("**"))
          return <strong key={key}>{part.slice(2, -2)}</strong>;
        return <Fragment key={key}>{part}</Fragment>;
      })}
    </>
  );
}

/** Paragraphs of Markdown prose (blank lines between them; a single line break joins). */
function Prose({ text }: { text: string }) {
  return (
    <Stack gap="xs">
      {text.split(/\n\s*\n/).map((paragraph) => (
        <Text key={paragraph} size="sm">
          <InlineMarkdown text={paragraph.replaceAll("\n", " ")} />
        </Text>
      ))}
    </Stack>
  );
}

interface FieldListProps {
  document: OpenApiDocument;
  fields: Field[];
  /** Components being shown around this list: one met again is named, not shown again. */
  within?: ReadonlySet<string>;
}

/** Each field: its name, type, whether it is required, its rules; an object's own fields below it. */
function FieldList({ document, fields, within = new Set() }: FieldListProps) {
  return (
    <List size="sm" spacing={6} listStyleType="disc">
      {fields.map((field) => (
        <List.Item key={field.name}>
          <FieldLine document={document} field={field} within={within} />
        </List.Item>
      ))}
    </List>
  );
}

function FieldLine({
  document,
  field,
  within,
}: {
  document: OpenApiDocument;
  field: Field;
  within: ReadonlySet<string>;
}) {
  const { schema } = resolveSchema(document, field.schema);
  const rules = constraintWords(schema);
  return (
    <Stack gap={4}>
      <Text size="sm" style={breakAnywhere}>
        <Code fw={700}>{field.name}</Code> {typeLabel(document, field.schema)}
        {field.required ? ", required" : ", optional"}
        {rules.length > 0 && `; ${rules.join("; ")}`}
      </Text>
      {schema.description && (
        <Text size="sm" c="dimmed">
          {schema.description}
        </Text>
      )}
      <NestedFields document={document} schema={field.schema} within={within} />
    </Stack>
  );
}

/** The fields of an object inside a field (or of its list's items), unless it is a shape being shown. */
function NestedFields({
  document,
  schema,
  within,
}: {
  document: OpenApiDocument;
  schema: JsonSchema;
  within: ReadonlySet<string>;
}) {
  const components = componentsAlong(document, schema);
  if (components.some((name) => within.has(name))) return null;
  const object = objectWithin(document, schema);
  if (!object) return null;
  return (
    <Box pl="md">
      <FieldList
        document={document}
        fields={fieldsOf(document, object)}
        within={new Set([...within, ...components])}
      />
    </Box>
  );
}

/** The components a schema refers to on its way to an object (itself, its items, a nullable branch). */
function componentsAlong(document: OpenApiDocument, schema: JsonSchema): string[] {
  const { schema: resolved, component } = resolveSchema(document, schema);
  const inner = resolved.items ?? (resolved.anyOf ?? []).find((branch) => branch.type !== "null");
  const here = component ? [component] : [];
  return inner && !component ? [...here, ...componentsAlong(document, inner)] : here;
}

/** A whole body or answer: its type, and its fields when it is an object. */
function SchemaView({ document, schema }: { document: OpenApiDocument; schema: JsonSchema }) {
  const object = objectWithin(document, schema);
  const components = componentsAlong(document, schema);
  return (
    <Stack gap={4}>
      {!object?.properties && <Text size="sm">{typeLabel(document, schema)}</Text>}
      {object && (
        <FieldList document={document} fields={fieldsOf(document, object)} within={new Set(components)} />
      )}
    </Stack>
  );
}

const whereWords: Record<Parameter["in"], string> = { path: "in the path", query: "in the query" };

function Parameters({ document, parameters }: { document: OpenApiDocument; parameters: Parameter[] }) {
  const fields = parameters.map((parameter) => ({
    name: parameter.name,
    schema: { ...parameter.schema, ...(parameter.description ? { description: parameter.description } : {}) },
    required: parameter.required,
  }));
  return (
    <List size="sm" spacing={6} listStyleType="disc">
      {parameters.map((parameter, index) => {
        const field = fields[index] as Field;
        return (
          <List.Item key={`${parameter.in} ${parameter.name}`}>
            <Text size="sm" c="dimmed">
              {whereWords[parameter.in]}
            </Text>
            <FieldLine document={document} field={field} within={new Set()} />
          </List.Item>
        );
      })}
    </List>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={4} fz="sm">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Each media type of a body or an answer: JSON by its schema, anything else by its type. */
function Content({
  document,
  content,
}: {
  document: OpenApiDocument;
  content: Record<string, { schema?: JsonSchema }>;
}) {
  return (
    <>
      {Object.entries(content).map(([type, { schema }]) =>
        type === "application/json" && schema ? (
          <SchemaView key={type} document={document} schema={schema} />
        ) : (
          <Text key={type} size="sm">
            <Code>{type}</Code>
          </Text>
        ),
      )}
    </>
  );
}

function Answers({ document, operation }: { document: OpenApiDocument; operation: Operation }) {
  return (
    <Stack gap="sm">
      {Object.entries(operation.responses).map(([status, answer]) => {
        const response = resolveResponse(document, answer);
        return (
          <Stack key={status} gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge
                variant="outline"
                color={Number(status) < 400 ? "teal.9" : "red.9"}
                style={{ flexShrink: 0 }}
              >
                {status}
              </Badge>
              <Text size="sm">
                <InlineMarkdown text={response.description} />
              </Text>
            </Group>
            {Number(status) < 400 && response.content && (
              <Box pl="md">
                <Content document={document} content={response.content} />
              </Box>
            )}
          </Stack>
        );
      })}
      <Text size="sm" c="dimmed">
        Every error answers the one error shape:{" "}
        <Code>{"{ error: { code, message, requestId, fields? } }"}</Code>.
      </Text>
    </Stack>
  );
}

/** Whether each operation shows a curl and a fetch example (the public API's reference). */
const ExamplesContext = createContext(false);

function OperationDetails({ document, entry }: { document: OpenApiDocument; entry: OperationEntry }) {
  const { operation } = entry;
  const withExamples = useContext(ExamplesContext);
  return (
    <Stack gap="md">
      <Prose text={operation.description} />
      <Text size="sm" c="dimmed">
        Operation id <Code>{operation.operationId}</Code>
      </Text>
      {operation.parameters && (
        <Section title="Parameters">
          <Parameters document={document} parameters={operation.parameters} />
        </Section>
      )}
      {operation.requestBody && (
        <Section title="Request body">
          {operation.requestBody.description && <Text size="sm">{operation.requestBody.description}</Text>}
          <Content document={document} content={operation.requestBody.content} />
        </Section>
      )}
      <Section title="Answers">
        <Answers document={document} operation={operation} />
      </Section>
      {withExamples && (
        <Section title="Examples">
          <OperationExamples entry={entry} />
        </Section>
      )}
    </Stack>
  );
}

interface OperationItemProps {
  document: OpenApiDocument;
  entry: OperationEntry;
  /** Details are drawn only once opened: some 240 endpoints' schemas at once took seconds. */
  drawn: boolean;
}

function OperationItem({ document, entry, drawn }: OperationItemProps) {
  return (
    <Accordion.Item value={entry.operation.operationId}>
      <Accordion.Control>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Badge color={methodColors[entry.method] ?? "gray.8"} w={72} style={{ flexShrink: 0 }}>
            {entry.method.toUpperCase()}
          </Badge>
          <Stack gap={2}>
            <Text ff="monospace" size="sm" fw={600} style={breakAnywhere}>
              {entry.path}
            </Text>
            <Text size="sm" c="dimmed">
              {entry.operation.summary}
            </Text>
          </Stack>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>{drawn && <OperationDetails document={document} entry={entry} />}</Accordion.Panel>
    </Accordion.Item>
  );
}

/**
 * The endpoints of one part of the API at a time, or every match of a search: some 240 at once
 * made a page too long to read, and to scan on a busy machine.
 */
function Endpoints({ document }: { document: OpenApiDocument }) {
  const [search, setSearch] = useState("");
  const all = useMemo(() => groupByTag(document, ""), [document]);
  const [part, setPart] = useState(all[0]?.name ?? "");
  const found = useMemo(() => groupByTag(document, search), [document, search]);
  const groups = search.trim() ? found : all.filter((group) => group.name === part);
  return (
    <Stack gap="xl">
      <Group align="flex-end" gap="md">
        <Select
          label="Part of the API"
          data={all.map((group) => ({
            value: group.name,
            label: `${group.title} (${group.operations.length})`,
          }))}
          value={part}
          onChange={(value) => value && setPart(value)}
          allowDeselect={false}
          searchable
          disabled={search.trim() !== ""}
          w={320}
        />
        <TextInput
          label="Search endpoints"
          description="Every part: by path, method, summary or operation id"
          leftSection={<Search size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={360}
          maw="100%"
        />
      </Group>
      {groups.length === 0 && <Text>No endpoint matches “{search}”.</Text>}
      {groups.map((group) => (
        <EndpointGroup key={group.name} document={document} group={group} />
      ))}
    </Stack>
  );
}

function EndpointGroup({ document, group }: { document: OpenApiDocument; group: TagGroup }) {
  const [opened, setOpened] = useState<string[]>([]);
  // Kept once drawn, so that closing animates the details rather than an empty panel.
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(new Set());
  const toggle = (value: string[]) => {
    setOpened(value);
    setDrawn((before) => new Set([...before, ...value]));
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby={`tag-${group.name}`}>
      <Title order={2} id={`tag-${group.name}`}>
        {group.title}
      </Title>
      <Accordion multiple variant="separated" order={3} value={opened} onChange={toggle}>
        {group.operations.map((entry) => (
          <OperationItem
            key={entry.operation.operationId}
            document={document}
            entry={entry}
            drawn={drawn.has(entry.operation.operationId)}
          />
        ))}
      </Accordion>
    </Stack>
  );
}

interface ReferenceViewProps {
  title: string;
  intro: ReactNode;
  /** Read before the endpoints (the public API's getting-started). */
  guide?: ReactNode;
  queryKey: string;
  load: (signal: AbortSignal) => Promise<OpenApiDocument>;
  examples?: boolean;
}

/** A served OpenAPI document, endpoint by endpoint, grouped by context. */
function ReferenceView({ title, intro, guide, queryKey, load, examples = false }: ReferenceViewProps) {
  const query = useQuery({
    queryKey: ["reference", queryKey],
    queryFn: ({ signal }) => load(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title>{title}</Title>
        <Text c="dimmed" maw={720}>
          {intro}
        </Text>
      </Stack>
      {guide}
      <QueryState
        query={query}
        loadingText="Loading the API reference..."
        errorTitle="Error loading the API reference"
      >
        {(document) => (
          <ExamplesContext.Provider value={examples}>
            <Prose text={document.info.description} />
            <Endpoints document={document} />
          </ExamplesContext.Provider>
        )}
      </QueryState>
    </Stack>
  );
}

/** The console's API reference: every endpoint of /api, as the web console calls them. */
export function ApiReference() {
  const api = useApi();
  const reference = useMemo(() => referenceApi(api), [api]);
  return (
    <ReferenceView
      title="API Reference"
      queryKey="openapi"
      load={(signal) => reference.openapi(signal)}
      intro={
        <>
          Every endpoint of the Poundline API: what it takes, what it answers and who may call it. The same
          contract, as an OpenAPI 3.1 document for your tools, is at{" "}
          <Anchor href={OPENAPI_DOCUMENT_URL} underline="always">
            {OPENAPI_DOCUMENT_URL}
          </Anchor>
          . To call it from your own systems, use the{" "}
          <Anchor href={PUBLIC_API_PAGE} underline="always">
            public API
          </Anchor>
          .
        </>
      }
    />
  );
}

export const PUBLIC_OPENAPI_URL = "/v1/openapi.json";
export const PUBLIC_API_PAGE = "/developers/public-api";

async function loadPublicDocument(signal: AbortSignal): Promise<OpenApiDocument> {
  const res = await fetch(PUBLIC_OPENAPI_URL, { signal });
  if (!res.ok) throw new Error(`The public API's document answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

/** The public API's reference (/v1): how to authenticate and call it, then each endpoint with examples. */
export function PublicApiReference({ guide }: { guide: ReactNode }) {
  return (
    <ReferenceView
      title="Public API Reference"
      queryKey="public-openapi"
      load={loadPublicDocument}
      examples
      guide={guide}
      intro={
        <>
          Connect Poundline to your CRM, helpdesk and scripts: contacts, calls, texts, voicemails, numbers and
          routing, with an API key. The OpenAPI 3.1 document is at{" "}
          <Anchor href={PUBLIC_OPENAPI_URL} underline="always">
            {PUBLIC_OPENAPI_URL}
          </Anchor>
          .
        </>
      }
    />
  );
}
