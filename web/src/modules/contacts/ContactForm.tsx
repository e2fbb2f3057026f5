import "@mantine/dates/styles.css";
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { CONTACT_REQUIRED_MESSAGE, createContactBodySchema } from "@poundline/contracts/crm/schemas";
import type { Contact } from "../../api/contacts";
import { isRefusal } from "../../api/errors";
import { useSchemaForm } from "../../lib/schema-form";
import { useReturnFocus } from "../../lib/use-return-focus";
import { toast, toastError } from "../../ui/toast";
import { useContactMutation, useContactsApi, useContactTags } from "./hooks";
import { contactTypeOptions, leadStatusOptions, sourceOptions } from "./labels";
import { TagEntry } from "./TagEntry";

interface ContactFormValues extends Record<string, unknown> {
  name: string;
  phone: string;
  email: string;
  company: string;
  address: string;
  notes: string;
  leadStatus: Contact["leadStatus"];
  contactType: Contact["contactType"];
  source: Contact["source"];
  followUpDate: string;
  timeZone: string;
  tags: string[];
}

/** The runtime's IANA zones (the API checks a zone the same way), with a saved one it lacks. */
function zoneOptions(saved: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return saved && !zones.includes(saved) ? [saved, ...zones] : zones;
}

function valuesOf(contact: Contact | null): ContactFormValues {
  return {
    name: contact?.name ?? "",
    phone: contact?.phone ?? "",
    email: contact?.email ?? "",
    company: contact?.company ?? "",
    address: contact?.address ?? "",
    notes: contact?.notes ?? "",
    leadStatus: contact?.leadStatus ?? "new",
    contactType: contact?.contactType ?? "lead",
    source: contact?.source ?? "manual",
    followUpDate: contact?.followUpDate?.slice(0, 10) ?? "",
    timeZone: contact?.timeZone ?? "",
    tags: contact?.tags ?? [],
  };
}

interface ContactFormProps {
  /** The contact edited, or null to add one. */
  contact: Contact | null;
  onClose: () => void;
  onSaved?: (contact: Contact) => void;
}

/** The Add/Edit Contact dialog, checked by the API's own schema before it is sent. */
export function ContactFormModal({ contact, onClose, onSaved }: ContactFormProps) {
  useReturnFocus();
  const api = useContactsApi();
  const tags = useContactTags();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: createContactBodySchema,
    initialValues: valuesOf(contact),
  });
  const save = useContactMutation((body: ContactFormValues) =>
    contact ? api.update(contact.id, body) : api.create(body),
  );

  const submit = onSubmit(
    () => {
      save.mutate(form.getValues(), {
        onSuccess: (saved) => {
          toast({ title: contact ? "Contact Updated" : "Contact Created", description: saved.name });
          onClose();
          onSaved?.(saved);
        },
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toastError("Save Error", error);
        },
      });
    },
    (errors) => {
      const required = Object.values(errors).includes(CONTACT_REQUIRED_MESSAGE);
      toastError("Save Error", required ? CONTACT_REQUIRED_MESSAGE : Object.values(errors)[0]);
    },
  );

  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close dialog" }}
      opened
      onClose={onClose}
      title={contact ? "Edit Contact" : "Add New Contact"}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps("name")} />
            <TextInput label="Phone" withAsterisk type="tel" {...form.getInputProps("phone")} />
            <TextInput label="Email" type="email" {...form.getInputProps("email")} />
            <TextInput label="Company" {...form.getInputProps("company")} />
            <Select
              label="Lead Status"
              data={leadStatusOptions}
              allowDeselect={false}
              {...form.getInputProps("leadStatus")}
            />
            <Select
              label="Contact Type"
              data={contactTypeOptions}
              allowDeselect={false}
              {...form.getInputProps("contactType")}
            />
            <Select
              label="Source"
              data={sourceOptions}
              allowDeselect={false}
              {...form.getInputProps("source")}
            />
            <DateInput
              label="Follow-up Date"
              placeholder="No follow-up"
              clearable
              valueFormat="MMM D, YYYY"
              value={form.getValues().followUpDate || null}
              onChange={(value) => form.setFieldValue("followUpDate", value ?? "")}
              error={form.errors.followUpDate}
            />
          </SimpleGrid>
          <Select
            label="Time Zone"
            description="For scheduled texts and quiet hours. Empty: read from their phone number."
            placeholder="From their phone number"
            data={zoneOptions(contact?.timeZone ?? "")}
            searchable
            clearable
            limit={50}
            value={form.getValues().timeZone || null}
            onChange={(value) => form.setFieldValue("timeZone", value ?? "")}
            error={form.errors.timeZone}
          />
          <TextInput label="Address" {...form.getInputProps("address")} />
          <TagEntry
            value={form.getValues().tags}
            onChange={(next) => form.setFieldValue("tags", next)}
            accountTags={tags.data?.tags ?? []}
            error={form.errors.tags}
          />
          <Textarea label="Notes" autosize minRows={3} maxRows={8} {...form.getInputProps("notes")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {contact ? "Save Changes" : "Create Contact"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
