import { Code, List, Stack, Text, Title } from "@mantine/core";

const origin = () => window.location.origin;

/** What every call to the public API shares: the key, pages, idempotency, limits and errors. */
export function PublicApiGuide() {
  const base = origin();
  return (
    <Stack gap="lg" component="section" aria-labelledby="getting-started">
      <Title order={2} id="getting-started">
        Getting started
      </Title>
      <Stack gap="xs">
        <Title order={3}>Authentication</Title>
        <Text>
          An owner or administrator creates a key in the console (Settings, API keys), choosing its scopes:
          read or write for calls, messages, contacts, numbers, routing, voicemails, recordings and webhooks.
          The key is shown once. Send it on every request; it acts with its creator's role, limited to its
          scopes.
        </Text>
        <Code
          block
        >{`curl "${base}/v1/contacts?limit=10" \\\n  -H "Authorization: Bearer $POUNDLINE_API_KEY"`}</Code>
        <Code block>
          {`const res = await fetch("${base}/v1/contacts?limit=10", {\n  headers: { Authorization: \`Bearer \${process.env.POUNDLINE_API_KEY}\` },\n});\nconst { contacts, total } = await res.json();`}
        </Code>
      </Stack>
      <Stack gap="xs">
        <Title order={3}>Pagination</Title>
        <Text>
          Lists page by cursor. Ask for <Code>limit</Code> rows (50 unless told, at most 200) with the list's
          own filters; the answer carries <Code>nextCursor</Code>. Send it back as <Code>cursor</Code>, with
          the same filters, for the next page, until it is <Code>null</Code>. Rows come newest first (numbers
          and webhooks oldest first), and a row added while you page neither repeats a row nor shifts a page.
          The cursor is opaque: pass it on as it is.
        </Text>
        <Code block>
          {`let cursor = null;\ndo {\n  const url = new URL("${base}/v1/calls");\n  url.searchParams.set("limit", "200");\n  if (cursor) url.searchParams.set("cursor", cursor);\n  const res = await fetch(url, { headers: { Authorization: \`Bearer \${process.env.POUNDLINE_API_KEY}\` } });\n  const page = await res.json();\n  handle(page.calls);\n  cursor = page.nextCursor;\n} while (cursor);`}
        </Code>
      </Stack>
      <Stack gap="xs">
        <Title order={3}>Idempotency</Title>
        <Text>
          Send an <Code>Idempotency-Key</Code> header with every POST. Repeating a request with the same key
          and body within 24 hours answers the first answer again (with <Code>Idempotent-Replayed: true</Code>
          ) without placing the call or sending the text twice; the same key with another body, or while the
          first is still running, answers 409.
        </Text>
        <Code block>
          {`curl -X POST "${base}/v1/messages" \\\n  -H "Authorization: Bearer $POUNDLINE_API_KEY" \\\n  -H "Idempotency-Key: order-1042-shipped" \\\n  -H "Content-Type: application/json" \\\n  -d '{ ... }'`}
        </Code>
      </Stack>
      <Stack gap="xs">
        <Title order={3}>Rate limits and errors</Title>
        <List size="sm">
          <List.Item>
            Every answer carries <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code> and{" "}
            <Code>RateLimit-Reset</Code> (seconds); past the limit, 429 with <Code>Retry-After</Code>.
          </List.Item>
          <List.Item>
            Errors have one shape: <Code>{"{ error: { code, message, requestId, fields? } }"}</Code>; a 400
            names each field at fault in <Code>fields</Code>.
          </List.Item>
          <List.Item>
            401: no key, or an unknown, expired or revoked one. 403: the key lacks the scope, or its creator's
            role the permission. 404: not found, or not this account's.
          </List.Item>
        </List>
      </Stack>
    </Stack>
  );
}
