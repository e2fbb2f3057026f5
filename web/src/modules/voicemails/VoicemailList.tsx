import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Download, Search } from "lucide-react";
import { useState } from "react";
import { voicemailExportUrl } from "../../api/voicemails";
import { PagePicker } from "../../ui/PagePicker";
import { useAccountTimeZone } from "../../ui/time-zone";
import { toast, toastError } from "../../ui/toast";
import { AssigneeFilterControl, useAssigneeFilter } from "../inbox/AssigneeFilterControl";
import { groupByDate } from "./format";
import { useDeleteVoicemail, useSetVoicemailStatus, useVoicemails, VOICEMAIL_PAGE_SIZE } from "./hooks";
import { VoicemailItem } from "./VoicemailItem";

/** Voicemails: search, unread only, export, grouped by date, each with its playback bar. */
export function VoicemailList() {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 300);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<string | null>(null);
  const timeZone = useAccountTimeZone();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [assigned, setAssigned, assignee] = useAssigneeFilter(() => setPage(1));
  const filters = { q: q || undefined, unread: unreadOnly ? ("true" as const) : undefined, assignee };
  const { data, isPending, isError, error } = useVoicemails(filters, page);
  const setStatus = useSetVoicemailStatus();
  const remove = useDeleteVoicemail();

  const voicemails = data?.voicemails ?? [];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / VOICEMAIL_PAGE_SIZE));

  function changeStatus(id: string, status: "read" | "unread") {
    setStatus.mutate(
      { id, status },
      {
        onError: (err) => toastError("Update failed", err),
      },
    );
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      toast({ title: "Voicemail deleted" });
      if (expanded === deleting) setExpanded(null);
    } catch (err) {
      toastError("Delete failed", err as Error);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1}>Voicemails</Title>
          {data && data.unreadCount > 0 && <Badge size="lg">{data.unreadCount} unread</Badge>}
        </Group>
        <Button
          component="a"
          href={voicemailExportUrl(filters)}
          download
          variant="default"
          leftSection={<Download size={16} aria-hidden />}
        >
          Export
        </Button>
      </Group>
      <Group>
        <TextInput
          aria-label="Search voicemails"
          placeholder="Search by caller, number or transcription..."
          leftSection={<Search size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Switch
          label="Unread only"
          checked={unreadOnly}
          onChange={(event) => {
            setUnreadOnly(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      <AssigneeFilterControl label="Show voicemails" value={assigned} onChange={setAssigned} />
      {isPending ? (
        <Center p="xl">
          <Loader role="status" aria-label="Loading voicemails" />
        </Center>
      ) : isError ? (
        <Text c="red">{error.message}</Text>
      ) : voicemails.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl">
          No voicemails found matching your criteria.
        </Text>
      ) : (
        groupByDate(voicemails, new Date(), timeZone).map((group) => (
          <Stack key={group.key} gap="xs">
            <Title order={2} size="h5" c="dimmed">
              {group.label}
            </Title>
            <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {group.items.map((vm) => (
                <VoicemailItem
                  key={vm.id}
                  voicemail={vm}
                  expanded={expanded === vm.id}
                  onToggle={() => setExpanded((open) => (open === vm.id ? null : vm.id))}
                  onPlayed={() => {
                    if (vm.status === "unread") changeStatus(vm.id, "read");
                  }}
                  onSetStatus={(status) => changeStatus(vm.id, status)}
                  onDelete={() => setDeleting(vm.id)}
                />
              ))}
            </Stack>
          </Stack>
        ))
      )}
      <PagePicker pages={pages} page={page} onChange={setPage} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete voicemail?">
        <Stack>
          <Text size="sm">The voicemail and its recording will be permanently deleted.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
