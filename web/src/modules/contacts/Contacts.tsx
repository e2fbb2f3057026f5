import { Button, Center, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Download, Filter, Plus, Search, Upload } from "lucide-react";
import { useState } from "react";
import type { Contact, ContactList, ContactListQuery } from "../../api/contacts";
import { ApiError } from "../../api/errors";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { formatCount } from "../../ui/format";
import { PagePicker } from "../../ui/PagePicker";
import { Loading } from "../../ui/QueryState";
import { toast, toastError } from "../../ui/toast";
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

type SetDialog = (dialog: Dialog) => void;

/** The search and filters, sent to the server; a new search or filter shows its first page. */
function useContactFilters() {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 300);
  const [leadStatus, setLeadStatus] = useState<string | null>(null);
  const [contactType, setContactType] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query = {
    q: q || undefined,
    leadStatus: (leadStatus ?? undefined) as ContactListQuery["leadStatus"],
    contactType: (contactType ?? undefined) as ContactListQuery["contactType"],
    tag: tag ?? undefined,
  };
  const [lastQuery, setLastQuery] = useState(JSON.stringify(query));
  if (lastQuery !== JSON.stringify(query)) {
    setLastQuery(JSON.stringify(query));
    setPage(1);
  }
  return {
    ...{ search, setSearch, leadStatus, setLeadStatus, contactType, setContactType, tag, setTag },
    ...{ page, setPage, query },
  };
}

type ContactFilters = ReturnType<typeof useContactFilters>;

function ContactsHeader({ exportUrl, setDialog }: { exportUrl: string; setDialog: SetDialog }) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={1}>Contacts CRM</Title>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<Download size={16} aria-hidden />}
          component="a"
          href={exportUrl}
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
  );
}

function ContactFiltersBar({ filters, accountTags }: { filters: ContactFilters; accountTags: string[] }) {
  return (
    <Group align="end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Search by name, phone, email or company..."
        leftSection={<Search size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => filters.setSearch(event.currentTarget.value)}
        style={{ flex: "1 1 240px" }}
      />
      <Select
        label="Lead Status"
        placeholder="All statuses"
        data={leadStatusOptions}
        value={filters.leadStatus}
        onChange={filters.setLeadStatus}
        clearable
        w={170}
      />
      <Select
        label="Contact Type"
        placeholder="All types"
        data={contactTypeOptions}
        value={filters.contactType}
        onChange={filters.setContactType}
        clearable
        w={160}
      />
      {accountTags.length > 0 ? (
        <Select
          label="Tag"
          placeholder="All tags"
          data={accountTags}
          value={filters.tag}
          onChange={filters.setTag}
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
  );
}

function ContactPages({
  total,
  page,
  setPage,
}: {
  total: number;
  page: number;
  setPage: (page: number) => void;
}) {
  return <PagePicker pages={Math.ceil(total / CONTACTS_PAGE_SIZE)} page={page} onChange={setPage} />;
}

function ContactGrid({
  list,
  filters,
  setDialog,
}: {
  list: ContactList;
  filters: ContactFilters;
  setDialog: SetDialog;
}) {
  if (list.contacts.length === 0)
    return (
      <Center py="xl">
        <Text c="dimmed">No contacts match your criteria. Add one!</Text>
      </Center>
    );
  return (
    <>
      <Text size="sm" c="dimmed" role="status">
        {formatCount(list.total)} contact{list.total === 1 ? "" : "s"}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {list.contacts.map((contact) => (
          <ContactCard
            key={contact.id}
            contact={contact}
            onEdit={() => setDialog({ kind: "form", contact })}
            onDelete={() => setDialog({ kind: "delete", contact })}
            onDetails={() => setDialog({ kind: "details", contact })}
          />
        ))}
      </SimpleGrid>
      <ContactPages total={list.total} page={filters.page} setPage={filters.setPage} />
    </>
  );
}

function DeleteContactDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const api = useContactsApi();
  const remove = useContactMutation((id: string) => api.remove(id));
  function confirmDelete() {
    remove.mutate(contact.id, {
      onSuccess: () => {
        toast({ title: "Contact Deleted", description: contact.name });
        onClose();
      },
      onError: (error) => toastError("Delete Error", error),
    });
  }
  return (
    <ConfirmDialog
      title="Delete Contact"
      message={
        <>
          Delete <strong>{contact.name}</strong>? This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      danger
      pending={remove.isPending}
      onConfirm={confirmDelete}
      onCancel={onClose}
    />
  );
}

function DetailsDialog({ contact, setDialog }: { contact: Contact; setDialog: SetDialog }) {
  const api = useContactsApi();
  const convert = useContactMutation((id: string) => api.convert(id));
  function convertToClient() {
    convert.mutate(contact.id, {
      onSuccess: (converted) => {
        toast({ title: "Contact Converted", description: `${converted.name} is now a client.` });
        setDialog({ kind: "details", contact: converted });
      },
      onError: (error) => toastError("Error Converting Contact", error),
    });
  }
  return (
    <ContactDetailsModal
      contact={contact}
      onClose={() => setDialog({ kind: "none" })}
      onEdit={() => setDialog({ kind: "form", contact })}
      onConvert={convertToClient}
      converting={convert.isPending}
    />
  );
}

function ContactDialog({ dialog, setDialog }: { dialog: Dialog; setDialog: SetDialog }) {
  const close = () => setDialog({ kind: "none" });
  switch (dialog.kind) {
    case "form":
      return (
        <ContactFormModal
          contact={dialog.contact}
          onClose={close}
          onSaved={(saved) => (dialog.contact ? setDialog({ kind: "details", contact: saved }) : undefined)}
        />
      );
    case "details":
      return <DetailsDialog contact={dialog.contact} setDialog={setDialog} />;
    case "delete":
      return <DeleteContactDialog contact={dialog.contact} onClose={close} />;
    case "import":
      return <ImportDialog onClose={close} />;
    default:
      return null;
  }
}

/** Seed 001's Contacts CRM: search and filters on the server, cards, the dialogs, CSV in and out. */
export function Contacts() {
  const api = useContactsApi();
  const filters = useContactFilters();
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const list = useContactList({
    ...filters.query,
    limit: CONTACTS_PAGE_SIZE,
    offset: (filters.page - 1) * CONTACTS_PAGE_SIZE,
  });
  const tags = useContactTags();

  return (
    <Stack gap="lg">
      <ContactsHeader exportUrl={api.exportUrl(filters.query)} setDialog={setDialog} />
      <ContactFiltersBar filters={filters} accountTags={tags.data?.tags ?? []} />

      {list.isPending ? (
        <Loading text="Loading contacts..." />
      ) : list.isError ? (
        <Text c="red" role="alert">
          {list.error instanceof ApiError && list.error.status === 401
            ? "Please login to use the CRM."
            : list.error.message}
        </Text>
      ) : (
        <ContactGrid list={list.data} filters={filters} setDialog={setDialog} />
      )}

      <ContactDialog dialog={dialog} setDialog={setDialog} />
    </Stack>
  );
}
