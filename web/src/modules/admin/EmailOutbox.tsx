import { Alert, Badge, Code, Group, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Search } from "lucide-react";
import { useState } from "react";
import type { OutboxEmailList } from "../../api/admin";
import { useReturnFocus } from "../../lib/use-return-focus";
import { AdminTable } from "./AdminTable";
import { formatWhen } from "./format";
import { useOutboxEmail, useOutboxEmails, usePaging } from "./hooks";

type EmailSummary = OutboxEmailList["emails"][number];

const STATUS_COLORS: Record<string, string> = { sent: "teal.9", failed: "red.9", pending: "gray.8" };

function EmailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  useReturnFocus();
  const email = useOutboxEmail(id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={email.data?.subject ?? "E-mail"}
      size="xl"
      closeButtonProps={{ "aria-label": "Close dialog" }}
    >
      {email.isError && <Alert color="red">{email.error.message}</Alert>}
      {email.data && (
        <Stack gap="xs">
          <Text size="sm">To: {email.data.to}</Text>
          <Text size="sm">
            Template: {email.data.template} · {formatWhen(email.data.createdAt)}
          </Text>
          {email.data.error && <Alert color="red">{email.data.error}</Alert>}
          <Code block style={{ whiteSpace: "pre-wrap" }}>
            {email.data.textBody}
          </Code>
        </Stack>
      )}
    </Modal>
  );
}

/** The e-mail outbox: every message the system sent (or, without SMTP, holds), newest first. */
export function EmailOutbox() {
  const [to, setTo] = useState("");
  const [debounced] = useDebouncedValue(to.trim(), 250);
  const { page, setPage, query } = usePaging();
  const list = useOutboxEmails(debounced, page, query);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <Stack>
      <Title order={1}>E-mail Outbox</Title>
      <TextInput
        label="Recipient"
        placeholder="Part of the address"
        leftSection={<Search size={16} aria-hidden />}
        value={to}
        onChange={(event) => {
          setTo(event.currentTarget.value);
          setPage(1);
        }}
      />
      <AdminTable<EmailSummary>
        list={list}
        records={list.data?.emails}
        errorTitle="Error fetching e-mails"
        aria-label="E-mail outbox"
        noRecordsText="No e-mails."
        page={page}
        onPageChange={setPage}
        onRowClick={({ record }) => setOpen(record.id)}
        columns={[
          { accessor: "createdAt", title: "Created", render: (e) => formatWhen(e.createdAt) },
          { accessor: "to", title: "To" },
          { accessor: "subject", title: "Subject" },
          { accessor: "template", title: "Template" },
          {
            accessor: "status",
            title: "Status",
            render: (e) => (
              <Group gap={4}>
                <Badge color={STATUS_COLORS[e.status] ?? "gray.8"} variant="outline">
                  {e.status}
                </Badge>
              </Group>
            ),
          },
        ]}
      />
      {open && <EmailDialog id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
