import {
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from "@mantine/core";
import { MessageSquare, PhoneIncoming, PhoneOutgoing } from "lucide-react";
import type { ActivityItem, Contact } from "../../api/contacts";
import { useReturnFocus } from "../../lib/use-return-focus";
import { formatDuration } from "../../ui/format";
import { useAccountTimeZone } from "../../ui/time-zone";
import { useContactActivity } from "./hooks";
import { contactTypeColor, formatDay, formatInstant, labelOf, leadStatusColor } from "./labels";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function InteractionTitle({ item }: { item: ActivityItem }) {
  const way = item.direction === "inbound" ? "Inbound" : "Outbound";
  if (item.kind === "call")
    return (
      <Text size="sm" fw={500}>
        {way} call · {item.callStatus.replace("_", " ")} · {formatDuration(item.durationSeconds)}
      </Text>
    );
  return (
    <Text size="sm" fw={500}>
      {way} text · {item.status}
    </Text>
  );
}

interface ContactDetailsProps {
  contact: Contact;
  onClose: () => void;
  onEdit: () => void;
  onConvert: () => void;
  converting: boolean;
}

/** The detail dialog: the contact's fields and its interaction history (calls and texts, newest first). */
export function ContactDetailsModal({
  contact,
  onClose,
  onEdit,
  onConvert,
  converting,
}: ContactDetailsProps) {
  const timeZone = useAccountTimeZone();
  useReturnFocus();
  const activity = useContactActivity(contact.id);
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title={contact.name}
      size="lg"
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label="Phone">{contact.phone}</Field>
          <Field label="Email">{contact.email || "—"}</Field>
          <Field label="Company">{contact.company || "No company"}</Field>
          <Field label="Address">{contact.address || "—"}</Field>
          <Field label="Lead Status">
            <Badge color={leadStatusColor[contact.leadStatus]} c="dark.9" variant="light">
              {labelOf(contact.leadStatus)}
            </Badge>
          </Field>
          <Field label="Type">
            <Badge color={contactTypeColor[contact.contactType]} c="dark.9" variant="outline">
              {labelOf(contact.contactType)}
            </Badge>
          </Field>
          <Field label="Last Contacted">{formatInstant(contact.lastContacted, timeZone)}</Field>
          <Field label="Follow-up">{contact.followUpDate ? formatDay(contact.followUpDate) : "None"}</Field>
          <Field label="Time Zone">{contact.timeZone ?? "From their phone number"}</Field>
          <Field label="Source">{labelOf(contact.source)}</Field>
          <Field label="Tags">
            {contact.tags.length > 0 ? (
              <Group gap={4}>
                {contact.tags.map((tag) => (
                  <Badge key={tag} variant="dot" color="gray">
                    {tag}
                  </Badge>
                ))}
              </Group>
            ) : (
              "—"
            )}
          </Field>
        </SimpleGrid>
        <Field label="Notes">
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {contact.notes || "—"}
          </Text>
        </Field>
        <Divider />
        <Title order={3} size="h5">
          Interaction History
        </Title>
        {activity.isPending ? (
          <Group>
            <Loader size="xs" />
            <Text size="sm">Loading interactions...</Text>
          </Group>
        ) : activity.isError ? (
          <Text size="sm" c="red">
            {activity.error.message}
          </Text>
        ) : activity.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No interactions recorded yet.
          </Text>
        ) : (
          <Timeline bulletSize={22} lineWidth={2} aria-label="Interaction History">
            {activity.data.items.map((item) => {
              const Icon =
                item.kind === "message"
                  ? MessageSquare
                  : item.direction === "inbound"
                    ? PhoneIncoming
                    : PhoneOutgoing;
              return (
                <Timeline.Item
                  key={`${item.kind}-${item.id}`}
                  bullet={<Icon size={12} />}
                  title={<InteractionTitle item={item} />}
                >
                  <Text size="xs" c="dimmed">
                    {formatInstant(item.at, timeZone)}
                  </Text>
                  {item.kind === "message" ? (
                    <Text size="sm">{item.body}</Text>
                  ) : item.notes ? (
                    <Text size="sm">{item.notes}</Text>
                  ) : null}
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
        <Group justify="flex-end">
          {contact.contactType !== "client" ? (
            <Button onClick={onConvert} loading={converting}>
              Convert to Client
            </Button>
          ) : null}
          <Button variant="default" onClick={onEdit}>
            Edit
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
