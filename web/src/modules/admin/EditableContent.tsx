import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Pencil, Plus, Search, Trash2 } from "lucide-react";
import type { DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { ContentEntry } from "../../api/admin";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { toast, toastError } from "../../ui/toast";
import { AdminTable } from "./AdminTable";
import { ContentFormModal } from "./ContentForm";
import { previewOf } from "./format";
import { useAdminApi, useAdminMutation, useContentEntries, usePaging } from "./hooks";

function ContentActions({ entry, onEdit, onDelete }: { entry: ContentEntry } & RowActions) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="blue.9"
        aria-label={`Edit ${entry.contentKey}`}
        onClick={() => onEdit(entry)}
      >
        <Pencil size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red.9"
        aria-label={`Delete ${entry.contentKey}`}
        onClick={() => onDelete(entry)}
      >
        <Trash2 size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

interface RowActions {
  onEdit: (entry: ContentEntry) => void;
  onDelete: (entry: ContentEntry) => void;
}

/** Seed 001's columns: page, key, type, the value's first 70 characters, edit and delete. */
function contentColumns(
  onEdit: RowActions["onEdit"],
  onDelete: RowActions["onDelete"],
): DataTableColumn<ContentEntry>[] {
  return [
    { accessor: "pageSlug", title: "Page", render: (e) => e.pageSlug ?? "—" },
    {
      accessor: "contentKey",
      title: "Key",
      render: (e) => (
        <Text ff="monospace" size="sm">
          {e.contentKey}
        </Text>
      ),
    },
    {
      accessor: "contentType",
      title: "Type",
      render: (e) => (
        <Badge variant="outline" color="blue.9">
          {e.contentType}
        </Badge>
      ),
    },
    {
      accessor: "contentValue",
      title: "Value",
      render: (e) => (
        <Text size="sm" data-testid={`content-value-${e.contentKey}`}>
          {previewOf(e.contentValue)}
        </Text>
      ),
    },
    {
      accessor: "actions",
      title: "Actions",
      textAlign: "right",
      render: (e) => <ContentActions entry={e} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
}

/**
 * Editable Content (seed 001): the site's texts by page and key, paged on the server; create, edit
 * (the key is locked), delete after confirming. The public pages read them on every load.
 */
export function EditableContent({ creating }: { creating?: boolean }) {
  const navigate = useNavigate();
  const api = useAdminApi();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { page, setPage, query } = usePaging();
  const list = useContentEntries(debounced, page, query);
  const [editing, setEditing] = useState<ContentEntry | null>(null);
  const [deleting, setDeleting] = useState<ContentEntry | null>(null);
  // Public pages cache their texts under ["content", ...]: read them again after a change.
  const remove = useAdminMutation((id: string) => api.deleteContent(id), [["content"]]);

  const closeForm = () => {
    setEditing(null);
    if (creating) void navigate("/admin/editable-content");
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: "Content Deleted", description: deleting.contentKey });
        setDeleting(null);
      },
      onError: (error) => toastError("Error deleting content", error),
    });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Editable Content</Title>
        <Button
          leftSection={<Plus size={16} aria-hidden />}
          onClick={() => navigate("/admin/editable-content/new")}
        >
          Add Content
        </Button>
      </Group>
      <TextInput
        label="Search content"
        placeholder="Key, value, page or description"
        leftSection={<Search size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <AdminTable<ContentEntry>
        list={list}
        records={list.data?.entries}
        errorTitle="Error fetching content"
        aria-label="Editable content"
        noRecordsText="No content entries."
        page={page}
        onPageChange={setPage}
        columns={contentColumns(setEditing, setDeleting)}
      />
      {(creating || editing) && <ContentFormModal entry={editing} onClose={closeForm} />}
      {deleting && (
        <ConfirmDialog
          title="Delete Content"
          message={`Delete the content "${deleting.contentKey}"? Pages that use it show their default text again.`}
          confirmLabel="Delete"
          danger
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
