import {
  Button,
  Card,
  Group,
  List,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { GEO_MESSAGES, geoRuleInputSchema } from "@poundline/contracts/geo-routing/schemas";
import { useEffect, useMemo, useRef, useState } from "react";
import type { SharedNumberDetail } from "../../api/geo-routing";
import { DataTable } from "../../ui/DataTable";
import { toast, toastError } from "../../ui/toast";
import { CoveragePanel } from "./CoveragePanel";
import { useCoverage, useSaveRules, useSharedNumber, useSharedNumbers } from "./hooks";
import { type DraftRule, draftKey, toBody } from "./labels";
import { RulesEditor } from "./RulesEditor";
import { TestCallerPanel } from "./TestCallerPanel";

/** Seed 001's Geo-Location Routing: pick a shared number, edit its rules, save; and a help card. */
export function GeoRouting() {
  const numbers = useSharedNumbers();
  const [selected, setSelected] = useState<string | null>(null);
  const list = numbers.data?.sharedNumbers ?? [];
  const numberId = selected ?? list[0]?.id ?? null;
  const detail = useSharedNumber(numberId);

  return (
    <Stack>
      <Title>Geo-Location Routing</Title>
      {numbers.isPending ? (
        <Loader role="status" aria-label="Loading shared numbers" />
      ) : list.length === 0 ? (
        <Card withBorder>
          <Text>{GEO_MESSAGES.noSharedNumbers}</Text>
        </Card>
      ) : (
        <Select
          label="Shared Number"
          data={list.map((n) => ({ value: n.id, label: `${n.poundCode} (${n.e164})` }))}
          value={numberId}
          allowDeselect={false}
          onChange={setSelected}
          maw={360}
        />
      )}
      {detail.data && numberId && <NumberEditor key={numberId} numberId={numberId} detail={detail.data} />}
      <HelpCard />
    </Stack>
  );
}

function NumberEditor({ numberId, detail }: { numberId: string; detail: SharedNumberDetail }) {
  const [rules, setRules] = useState<DraftRule[]>(() => detail.rules.map((r) => ({ key: draftKey(), ...r })));
  const [dirty, setDirty] = useState(false);
  const [askLocation, setAskLocation] = useState(detail.sharedNumber.askLocation);
  const save = useSaveRules(numberId);

  // A fresh copy of the saved rules (after a save) replaces the draft unless it was edited since.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (!dirtyRef.current) setRules(detail.rules.map((r) => ({ key: draftKey(), ...r })));
  }, [detail.rules]);

  const change = (next: DraftRule[]) => {
    setRules(next);
    setDirty(true);
  };
  // Coverage runs on a complete draft only: a rule whose type just changed has no value yet.
  const incomplete = rules.findIndex((r) => !geoRuleInputSchema.safeParse(r).success);
  const body = useMemo(() => (incomplete === -1 ? toBody(rules) : null), [rules, incomplete]);
  const coverage = useCoverage(numberId, body);
  const shadowed = useMemo(
    () => new Map((coverage.data?.shadowed ?? []).map((s) => [s.index, s.takenBy])),
    [coverage.data],
  );

  function onSave() {
    if (!numberId) {
      toastError(GEO_MESSAGES.noNumberTitle, GEO_MESSAGES.noNumber);
      return;
    }
    if (incomplete !== -1) {
      toastError(GEO_MESSAGES.missingTitle, GEO_MESSAGES.missing);
      return;
    }
    save.mutate(
      { rules: toBody(rules), askLocation },
      {
        onSuccess: () => {
          setDirty(false);
          toast({
            title: "Rules Saved",
            description: `Geo-routing rules saved for ${detail.sharedNumber.poundCode}.`,
          });
        },
        onError: (err) => toastError("Could not save rules.", err.firstFieldMessage()),
      },
    );
  }

  return (
    <Stack>
      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">
            Licensed Clients
          </Title>
          <DataTable
            aria-label="Licensed clients"
            withTableBorder={false}
            idAccessor="licenseeId"
            records={detail.clients}
            noRecordsText="No licensed clients"
            columns={[
              { accessor: "companyName", title: "Company" },
              { accessor: "contactName", title: "Contact", render: (c) => c.contactName ?? "—" },
              { accessor: "territory", title: "Territory" },
              { accessor: "category", title: "Category" },
            ]}
            minHeight={detail.clients.length === 0 ? 120 : undefined}
          />
        </Stack>
      </Card>
      <RulesEditor detail={detail} rules={rules} onChange={change} shadowed={shadowed} />
      <Switch
        label="Ask callers who cannot be located (withheld, outside North America, no state) for their ZIP or postal code"
        checked={askLocation}
        disabled={!detail.sharedNumber.canEdit}
        onChange={(e) => {
          setAskLocation(e.currentTarget.checked);
          setDirty(true);
        }}
      />
      {detail.sharedNumber.canEdit && (
        <Group>
          <Button onClick={onSave} loading={save.isPending}>
            Save Rules
          </Button>
          {dirty && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TestCallerPanel numberId={numberId} rules={rules} askLocation={askLocation} />
        <CoveragePanel
          coverage={coverage.data}
          loading={coverage.isFetching}
          pending={incomplete === -1 ? null : `Complete rule ${incomplete + 1} to check coverage.`}
        />
      </SimpleGrid>
    </Stack>
  );
}

function HelpCard() {
  return (
    <Card withBorder>
      <Title order={2} size="h4">
        How geo-location routing works
      </Title>
      <List size="sm" mt="sm" spacing={4}>
        <List.Item>
          A shared pound-code number (such as #4LAW or #TAXI) is licensed to several clients, each for a
          territory.
        </List.Item>
        <List.Item>
          Each caller is located by the carrier's caller data, else by the area code of the calling number;
          rules are checked in priority order and the first match routes the call to its client.
        </List.Item>
        <List.Item>
          Drag rules to change their priority; a caller no rule matches reaches the default licensee.
        </List.Item>
        <List.Item>Saved rules answer the very next call.</List.Item>
      </List>
    </Card>
  );
}
