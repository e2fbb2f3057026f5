import { Badge, Button, Card, Group, List, Modal, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import type { DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { ApiError } from "../../api/errors";
import type { IvrVersionSummary } from "../../api/ivr";
import { DataTable } from "../../ui/DataTable";
import { QueryError } from "../../ui/QueryState";
import { useFormat } from "../../ui/time-zone";
import { toast, toastError } from "../../ui/toast";
import { useDraftStatus, useIvrApi, useIvrMutation, useVersionDiff, useVersions } from "./hooks";

// Typed as the schema outputs it; over JSON it is the ISO text.
/** A refused publish or roll back: every reason the validator gave (the first is the message). */
const reasonsOf = (error: Error) =>
  error instanceof ApiError && error.fields.reasons?.length ? error.fields.reasons.join(" ") : error.message;

function PublishModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const api = useIvrApi();
  const [note, setNote] = useState("");
  const publish = useIvrMutation((text: string) => api.publish({ note: text || null }));
  const onPublish = () =>
    publish.mutate(note, {
      onSuccess: (published) => {
        onClose();
        setNote("");
        toast({ title: "Menus Published", description: `Version ${published.version} is live.` });
      },
      onError: (error) => toastError("Publish Error", reasonsOf(error)),
    });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Publish IVR Menus"
      closeButtonProps={{ "aria-label": "Close dialog" }}
    >
      <Stack>
        <Text size="sm">The next calls follow the menus as they are saved now.</Text>
        <Textarea
          label="Note (optional)"
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onPublish} loading={publish.isPending}>
            Publish
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RollBackModal({ version, onClose }: { version: IvrVersionSummary | null; onClose: () => void }) {
  const api = useIvrApi();
  const rollback = useIvrMutation((id: string) => api.rollback(id));
  const onRollback = () => {
    if (!version) return;
    const from = version;
    rollback.mutate(from.id, {
      onSuccess: (published) => {
        onClose();
        toast({
          title: "Rolled Back",
          description: `Version ${from.version} is live again, as version ${published.version}.`,
        });
      },
      onError: (error) => {
        onClose();
        toastError("Roll Back Error", reasonsOf(error));
      },
    });
  };
  return (
    <Modal
      opened={version !== null}
      onClose={onClose}
      title="Roll Back"
      closeButtonProps={{ "aria-label": "Close dialog" }}
    >
      <Stack>
        <Text>
          Make version {version?.version} live again? The next calls follow it; calls in progress finish on
          the version they started with.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.9" onClick={onRollback} loading={rollback.isPending}>
            Roll Back
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DraftStatus() {
  const status = useDraftStatus().data;
  return (
    <Group>
      <Title order={2} size="h3" id="ivr-versions-title">
        Versions
      </Title>
      {status &&
        (status.hasUnpublishedChanges ? (
          <Badge color="yellow.4" autoContrast>
            Unpublished changes
          </Badge>
        ) : (
          <Badge color="teal.9">Published</Badge>
        ))}
      {status?.liveVersion != null && <Text size="sm">Calls follow version {status.liveVersion}.</Text>}
    </Group>
  );
}

function versionColumns(
  when: (at: Date | string) => string,
  rollBack: (version: IvrVersionSummary) => void,
): DataTableColumn<IvrVersionSummary>[] {
  return [
    {
      accessor: "version",
      title: "Version",
      render: (v) => (
        <Group gap="xs">
          <Text size="sm">{v.version}</Text>
          {v.live && (
            <Badge size="sm" color="teal.9">
              Live
            </Badge>
          )}
        </Group>
      ),
    },
    { accessor: "publishedBy", title: "Published By", render: (v) => v.publishedBy?.name ?? "System" },
    { accessor: "publishedAt", title: "Published", render: (v) => when(v.publishedAt) },
    { accessor: "note", title: "Note", render: (v) => v.note ?? "" },
    {
      accessor: "actions",
      title: "",
      textAlign: "right",
      render: (v) =>
        v.live ? null : (
          <Button size="xs" variant="outline" onClick={() => rollBack(v)}>
            Roll Back to {v.version}
          </Button>
        ),
    },
  ];
}

/** Versions: saving makes a draft; Publish makes it live; history, diff, roll back. */
export function VersionsPanel() {
  const draft = useDraftStatus();
  const versions = useVersions();
  const { dateTime: when } = useFormat();
  const [publishing, setPublishing] = useState(false);
  const [rollingBack, setRollingBack] = useState<IvrVersionSummary | null>(null);

  return (
    <Card withBorder component="section" aria-labelledby="ivr-versions-title">
      <Stack>
        <Group justify="space-between">
          <DraftStatus />
          <Button onClick={() => setPublishing(true)} disabled={!draft.data?.hasUnpublishedChanges}>
            Publish
          </Button>
        </Group>
        <QueryError query={versions} title="Error loading versions" />
        <DataTable<IvrVersionSummary>
          aria-label="Published versions"
          records={versions.data?.items ?? []}
          fetching={versions.isFetching}
          minHeight={120}
          noRecordsText="Nothing published yet."
          striped
          columns={versionColumns(when, setRollingBack)}
        />
        <VersionDiff versions={versions.data?.items ?? []} />
      </Stack>
      <PublishModal opened={publishing} onClose={() => setPublishing(false)} />
      <RollBackModal version={rollingBack} onClose={() => setRollingBack(null)} />
    </Card>
  );
}

/** The differences between two versions (or the draft, or what is live). */
function VersionDiff({ versions }: { versions: readonly IvrVersionSummary[] }) {
  const [from, setFrom] = useState<string | null>("live");
  const [to, setTo] = useState<string | null>("draft");
  const diff = useVersionDiff(from, to);
  const sides = [
    { value: "draft", label: "Draft (saved, not published)" },
    { value: "live", label: "Live" },
    ...versions.map((v) => ({ value: v.id, label: `Version ${v.version}` })),
  ];
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <Select label="Compare" data={sides} value={from} onChange={setFrom} allowDeselect={false} w={260} />
        <Select label="With" data={sides} value={to} onChange={setTo} allowDeselect={false} w={260} />
      </Group>
      <QueryError query={diff} title="Error comparing versions" />
      {diff.data &&
        (diff.data.identical ? (
          <Text size="sm">No differences.</Text>
        ) : (
          <List aria-label="Differences" spacing="xs">
            {diff.data.menus.map((m) => (
              <List.Item key={m.menuId}>
                <Text size="sm" fw={600} span>
                  {m.name} ({m.change})
                </Text>
                {m.summary.length > 0 && (
                  <List withPadding size="sm">
                    {m.summary.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                )}
              </List.Item>
            ))}
          </List>
        ))}
    </Stack>
  );
}
