import {
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Download, Filter, Plus, Search, Upload } from "lucide-react";
import { useState } from "react";
import type { Contact, ContactListQuery } from "../../api/contacts";
import { ApiError } from "../../api/errors";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { formatCount } from "../../lib/format";
import { toast } from "../../lib/toast";
import { ContactCard } from "./ContactCard";
import { ContactDetailsModal } from "./ContactDetails";
import { ContactFormModal } from "./ContactForm";
import { useContactList, useContactMutation, useContactsApi, useContactTags } from "./hooks";
import { ImportDialog } from "./ImportDialog";
import { contactTypeOptions, leadStatusOptions } from "./labels";

/** Cards per page: whole rows of the 1, 2 and 3 column grids. */
export const CONTACTS_PAGE_SIZE = 24;

type Dialog =
  | { kind: "none" }
  | { kind: "form"; contact: Contact | null }
  | { kind: "details"; contact: Contact }
  | { kind: "delete"; contact: Contact }
  | { kind: "import" };

/** Seed 001's Contacts CRM: search and filters on the server, cards, the dialogs, CSV in and out. */
export function Contacts() {
  const api = useContactsApi();
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 300);
  const [leadStatus, setLeadStatus] = useState<string | null>(null);
  const [contactType, setContactType] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const filters = {
    q: q || undefined,
    leadStatus: (leadStatus ?? undefined) as ContactListQuery["leadStatus"],
    contactType: (contactType ?? undefined) as ContactListQuery["contactType"],
    tag: tag ?? undefined,
  };
  const [lastFilters, setLastFilters] = useState(JSON.stringify(filters));
  if (lastFilters !== JSON.stringify(filters)) {
    setLastFilters(JSON.stringify(filters));
    setPage(1);
  }

  const list = useContactList({
    ...filters,
    limit: CONTACTS_PAGE_SIZE,
    offset: (page - 1) * CONTACTS_PAGE_SIZE,
  });
  const tags = useContactTags();
  const accountTags = tags.data?.tags ?? [];
  const remove = useContactMutation((id: string) => api.remove(id));
  const convert = useContactMutation((id: string) => api.convert(id));
  const close = () => setDialog({ kind: "none" });

  function confirmDelete(contact: Contact) {
    remove.mutate(contact.id, {
      onSuccess: () => {
        toast({ title: "Contact Deleted", description: contact.name });
        close();
      },
      onError: (error) =>
        toast({ title: "Delete Error", description: error.message, variant: "destructive" }),
    });
  }

  function convertToClient(contact: Contact) {
    convert.mutate(contact.id, {
      onSuccess: (converted) => {
        toast({ title: "Contact Converted", description: `${converted.name} is now a client.` });
        setDialog({ kind: "details", contact: converted });
      },
      onError: (error) =>
        toast({ title: "Error Converting Contact", description: error.message, variant: "destructive" }),
    });
  }

  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / CONTACTS_PAGE_SIZE)) : 1;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Contacts CRM</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<Download size={16} aria-hidden />}
            component="a"
            href={api.exportUrl(filters)}
            download
          >
            Export CSV
          </Button>
          <Button
            variant="default"
            leftSection={<Upload size={16} aria-hidden />}
            onClick={() => setDialog({ kind: "import" })}
          >
            Import CSV
          </Button>
          <Button
            leftSection={<Plus size={16} aria-hidden />}
            onClick={() => setDialog({ kind: "form", contact: null })}
          >
            Add Contact
          </Button>
        </Group>
      </Group>

      <Group align="end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Search by name, phone, email or company..."
          leftSection={<Search size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: "1 1 240px" }}
        />
        <Select
          label="Lead Status"
          placeholder="All statuses"
          data={leadStatusOptions}
          value={leadStatus}
          onChange={setLeadStatus}
          clearable
          w={170}
        />
        <Select
          label="Contact Type"
          placeholder="All types"
          data={contactTypeOptions}
          value={contactType}
          onChange={setContactType}
          clearable
          w={160}
        />
        {accountTags.length > 0 ? (
          <Select
            label="Tag"
            placeholder="All tags"
            data={accountTags}
            value={tag}
            onChange={setTag}
            clearable
            searchable
            w={160}
          />
        ) : null}
        <Button
          variant="default"
          leftSection={<Filter size={16} aria-hidden />}
          onClick={() =>
            toast({ title: "More Filters", description: "Advanced date and custom filters are coming soon." })
          }
        >
          More
        </Button>
      </Group>

      {list.isPending ? (
        <Center py="xl">
          <Group>
            <Loader size="sm" />
            <Text>Loading contacts...</Text>
          </Group>
        </Center>
      ) : list.isError ? (
        <Text c="red" role="alert">
          {list.error instanceof ApiError && list.error.status === 401
            ? "Please login to use the CRM."
            : list.error.message}
        </Text>
      ) : list.data.contacts.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">No contacts match your criteria. Add one!</Text>
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {formatCount(list.data.total)} contact{list.data.total === 1 ? "" : "s"}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {list.data.contacts.map((contact) => (
              <ContactCard
                key={contact.id}
                contact={contact}
                onEdit={() => setDialog({ kind: "form", contact })}
                onDelete={() => setDialog({ kind: "delete", contact })}
                onDetails={() => setDialog({ kind: "details", contact })}
              />
            ))}
          </SimpleGrid>
          {totalPages > 1 ? (
            <Group justify="center">
              <Pagination
                total={totalPages}
                value={page}
                onChange={setPage}
                getItemProps={(n) => ({ "aria-label": `Page ${n}` })}
                getControlProps={(control) => ({
                  "aria-label": {
                    first: "First page",
                    last: "Last page",
                    next: "Next page",
                    previous: "Previous page",
                  }[control],
                })}
              />
            </Group>
          ) : null}
        </>
      )}

      {dialog.kind === "form" ? (
        <ContactFormModal
          contact={dialog.contact}
          onClose={close}
          onSaved={(saved) => (dialog.contact ? setDialog({ kind: "details", contact: saved }) : undefined)}
        />
      ) : null}
      {dialog.kind === "details" ? (
        <ContactDetailsModal
          contact={dialog.contact}
          onClose={close}
          onEdit={() => setDialog({ kind: "form", contact: dialog.contact })}
          onConvert={() => convertToClient(dialog.contact)}
          converting={convert.isPending}
        />
      ) : null}
      {dialog.kind === "delete" ? (
        <ConfirmDialog
          title="Delete Contact"
          message={
            <>
              Delete <strong>{dialog.contact.name}</strong>? This cannot be undone.
            </>
          }
          confirmLabel="Delete"
          danger
          pending={remove.isPending}
          onConfirm={() => confirmDelete(dialog.contact)}
          onCancel={close}
        />
      ) : null}
      {dialog.kind === "import" ? <ImportDialog onClose={close} /> : null}
    </Stack>
  );
}
