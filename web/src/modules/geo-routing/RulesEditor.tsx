import {
  DragDropContext,
  Draggable,
  type DraggableProvided,
  Droppable,
  type DropResult,
} from "@hello-pangea/dnd";
import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from "@mantine/core";
import {
  GEO_MESSAGES,
  geoRuleInputSchema,
  LOCATION_TYPE_LABELS,
} from "@poundline/contracts/geo-routing/schemas";
import { GripVertical, Trash2 } from "lucide-react";
import { useState } from "react";
import type { SharedNumberDetail } from "../../api/geo-routing";
import { ScrollHint } from "../../ui/ScrollHint";
import { toastError } from "../../ui/toast";
import { LocationValueInput } from "./LocationValueInput";
import { type DraftRule, draftKey, type LocationType } from "./labels";

const typeOptions = Object.entries(LOCATION_TYPE_LABELS).map(([value, label]) => ({ value, label }));

interface Props {
  detail: SharedNumberDetail;
  rules: DraftRule[];
  onChange: (rules: DraftRule[]) => void;
  /** Place in the list (0 first) of rules that can never match, with what takes their callers. */
  shadowed: Map<number, number[]>;
}

/** The form above the rules that adds one at the end (priority = count + 1). */
function NewRuleForm({ detail, onAdd }: { detail: SharedNumberDetail; onAdd: (rule: DraftRule) => void }) {
  const clientOptions = detail.clients.map((c) => ({ value: c.licenseeId, label: c.companyName }));
  const menuOptions = detail.menus.map((m) => ({ value: m.id, label: m.name }));
  const ownAccountId = detail.sharedNumber.defaultLicenseeId;
  const [type, setType] = useState<LocationType>("state");
  const [value, setValue] = useState("");
  const [target, setTarget] = useState<string | null>(null);
  const [menu, setMenu] = useState<string | null>(null);
  const [valueError, setValueError] = useState<string | undefined>();

  function add() {
    if (!value.trim() || !target) {
      toastError(GEO_MESSAGES.missingTitle, GEO_MESSAGES.missing);
      return;
    }
    const parsed = geoRuleInputSchema.safeParse({
      locationType: type,
      locationValue: value,
      targetAccountId: target,
      ivrMenuId: menu,
    });
    if (!parsed.success) {
      setValueError(parsed.error.issues[0]?.message);
      return;
    }
    onAdd({ key: draftKey(), ...parsed.data });
    setValue("");
    setMenu(null);
    setValueError(undefined);
  }

  return (
    <Group align="flex-start" wrap="wrap">
      <Select
        label="Location Type"
        data={typeOptions}
        value={type}
        allowDeselect={false}
        onChange={(v) => {
          setType((v ?? "state") as LocationType);
          setValue("");
          setValueError(undefined);
        }}
      />
      <LocationValueInput
        type={type}
        value={value}
        label="Location Value"
        error={valueError}
        onChange={(v) => {
          setValue(v);
          setValueError(undefined);
        }}
      />
      <Select
        label="Client / Licensee"
        placeholder="Select a client"
        data={clientOptions}
        value={target}
        onChange={(v) => {
          setTarget(v);
          if (v !== ownAccountId) setMenu(null);
        }}
      />
      <Select
        label="IVR Menu (optional)"
        placeholder="Licensee's routing"
        data={menuOptions}
        value={menu}
        clearable
        disabled={target !== ownAccountId || menuOptions.length === 0}
        onChange={setMenu}
      />
      <Button mt={24} onClick={add}>
        Add Rule
      </Button>
    </Group>
  );
}

function PriorityCell({ index, takenBy }: { index: number; takenBy: number[] | undefined }) {
  return (
    <Group gap={4}>
      <Text>{index + 1}</Text>
      {takenBy && (
        <Badge color="orange" variant="light" title="An earlier rule takes all its callers">
          Never matches (rule {takenBy.map((i) => i + 1).join(", ")} first)
        </Badge>
      )}
    </Group>
  );
}

interface RuleRowProps {
  rule: DraftRule;
  index: number;
  drag: DraggableProvided;
  detail: SharedNumberDetail;
  takenBy: number[] | undefined;
  readOnly: boolean;
  update: (index: number, patch: Partial<DraftRule>) => void;
  remove: (index: number) => void;
}

function RuleRow({ rule, index, drag, detail, takenBy, readOnly, update, remove }: RuleRowProps) {
  const clientName = detail.clients.find((c) => c.licenseeId === rule.targetAccountId)?.companyName;
  return (
    <Table.Tr ref={drag.innerRef} {...drag.draggableProps} data-testid="geo-rule-row">
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="gray"
          component="span"
          {...drag.dragHandleProps}
          aria-label={`Drag rule ${index + 1} to reorder`}
        >
          <GripVertical size={16} aria-hidden />
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <PriorityCell index={index} takenBy={takenBy} />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Location type of rule ${index + 1}`}
          data={typeOptions}
          value={rule.locationType}
          allowDeselect={false}
          disabled={readOnly}
          // A change of location type clears the value (seed 001).
          onChange={(v) =>
            update(index, { locationType: (v ?? rule.locationType) as LocationType, locationValue: "" })
          }
        />
      </Table.Td>
      <Table.Td>
        <LocationValueInput
          hideLabel
          type={rule.locationType}
          value={rule.locationValue}
          label={`Location value of rule ${index + 1}`}
          onChange={(v) => update(index, { locationValue: v })}
        />
      </Table.Td>
      <Table.Td>{clientName ?? rule.targetAccountId}</Table.Td>
      <Table.Td>
        {rule.ivrMenuId ? (detail.menus.find((m) => m.id === rule.ivrMenuId)?.name ?? "—") : "—"}
      </Table.Td>
      <Table.Td>
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove rule ${index + 1}`}
            onClick={() => remove(index)}
          >
            <Trash2 size={16} aria-hidden />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function RulesTableHead() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th aria-label="Reorder" />
        <Table.Th>Priority</Table.Th>
        <Table.Th>Location Type</Table.Th>
        <Table.Th>Location Value</Table.Th>
        <Table.Th>Client / Licensee</Table.Th>
        <Table.Th>IVR Menu</Table.Th>
        <Table.Th aria-label="Remove" />
      </Table.Tr>
    </Table.Thead>
  );
}

/** The rules in priority order, each row dragged by its handle to a new place. */
function RulesTable({ detail, rules, onChange, shadowed }: Props) {
  const readOnly = !detail.sharedNumber.canEdit;
  const update = (index: number, patch: Partial<DraftRule>) =>
    onChange(rules.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const remove = (index: number) => onChange(rules.filter((_, i) => i !== index));

  function onDragEnd(result: DropResult) {
    if (!result.destination || result.destination.index === result.source.index) return;
    const next = [...rules];
    const [moved] = next.splice(result.source.index, 1);
    if (moved) next.splice(result.destination.index, 0, moved);
    onChange(next);
  }

  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <ScrollHint label="Routing rules">
        <Table>
          <RulesTableHead />
          <Droppable droppableId="geo-rules" isDropDisabled={readOnly}>
            {(drop) => (
              <Table.Tbody ref={drop.innerRef} {...drop.droppableProps}>
                {rules.map((rule, index) => (
                  <Draggable key={rule.key} draggableId={rule.key} index={index} isDragDisabled={readOnly}>
                    {(drag) => (
                      <RuleRow
                        {...{ rule, index, drag, detail, readOnly, update, remove }}
                        takenBy={shadowed.get(index)}
                      />
                    )}
                  </Draggable>
                ))}
                {drop.placeholder}
              </Table.Tbody>
            )}
          </Droppable>
        </Table>
      </ScrollHint>
    </DragDropContext>
  );
}

/** The staged rules: add one (priority = count + 1), edit, drag to reorder, remove. */
export function RulesEditor({ detail, rules, onChange, shadowed }: Props) {
  const readOnly = !detail.sharedNumber.canEdit;
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          Routing Rules
        </Title>
        {!readOnly && <NewRuleForm detail={detail} onAdd={(rule) => onChange([...rules, rule])} />}
        {rules.length === 0 ? (
          <Text c="dimmed">No rules yet: every caller reaches the number's default licensee.</Text>
        ) : (
          <RulesTable detail={detail} rules={rules} onChange={onChange} shadowed={shadowed} />
        )}
      </Stack>
    </Card>
  );
}
