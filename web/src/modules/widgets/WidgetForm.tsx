import {
  Alert,
  Button,
  Card,
  ColorInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
  Title,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { createWidgetBodySchema, WIDGET_DEFAULTS, WIDGET_LIMITS } from "@poundline/contracts/widgets/schemas";
import { useState } from "react";
import { isRefusal } from "../../api/errors";
import type { LicensedNumberList, Widget } from "../../api/widgets";
import { useSchemaForm } from "../../lib/schema-form";
import { toast, toastError } from "../../ui/toast";
import { useWidgetMutation, useWidgetsApi } from "./hooks";
import { WidgetPreview } from "./WidgetPreview";
import { CONFIGURATION_INCOMPLETE } from "./WidgetSnippet";

interface WidgetFormValues extends Record<string, unknown> {
  name: string;
  type: Widget["type"];
  callText: string;
  smsText: string;
  primaryColor: string;
  textColor: string;
  position: Widget["position"];
  licensedNumberId: string;
  allowedOrigins: string[];
  dailyCap: number | string;
}

const valuesOf = (widget: Widget | null): WidgetFormValues => ({
  name: widget?.name ?? WIDGET_DEFAULTS.name,
  type: widget?.type ?? WIDGET_DEFAULTS.type,
  callText: widget?.callText ?? WIDGET_DEFAULTS.callText,
  smsText: widget?.smsText ?? WIDGET_DEFAULTS.smsText,
  primaryColor: widget?.primaryColor ?? WIDGET_DEFAULTS.primaryColor,
  textColor: widget?.textColor ?? WIDGET_DEFAULTS.textColor,
  position: widget?.position ?? WIDGET_DEFAULTS.position,
  licensedNumberId: widget?.licensedNumber?.id ?? "",
  allowedOrigins: widget?.allowedOrigins ?? [],
  dailyCap: widget?.dailyCap ?? WIDGET_DEFAULTS.dailyCap,
});

const TYPES = [
  { value: "call", label: "Call" },
  { value: "sms", label: "SMS" },
  { value: "combined", label: "Combined (call and SMS)" },
];
const POSITIONS = [
  { value: "bottom-right", label: "Bottom right" },
  { value: "bottom-left", label: "Bottom left" },
  { value: "inline", label: "Inline" },
];

interface WidgetFormProps {
  /** The widget edited, or null for a new one. */
  widget: Widget | null;
  numbers: { data: LicensedNumberList | undefined; isError: boolean };
  onSaved: (widget: Widget) => void;
  onDeleted: () => void;
}

type Form = UseFormReturnType<WidgetFormValues>;

/** Delete, then Confirm Delete: the second press deletes. */
function DeleteWidgetButton({ widget, onDeleted }: { widget: Widget; onDeleted: () => void }) {
  const api = useWidgetsApi();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useWidgetMutation((id: string) => api.remove(id));
  const onDelete = () => {
    if (!confirmDelete) return setConfirmDelete(true);
    remove.mutate(widget.id, {
      onSuccess: () => {
        toast({ title: "Widget Deleted", description: widget.name });
        onDeleted();
      },
      onError: (error) => {
        setConfirmDelete(false);
        toastError("Delete Error", error);
      },
    });
  };
  return (
    <Button
      color="red.9"
      variant={confirmDelete ? "filled" : "outline"}
      onClick={onDelete}
      loading={remove.isPending}
    >
      {confirmDelete ? "Confirm Delete" : "Delete"}
    </Button>
  );
}

/** What the widget looks like: its type, button texts, colours and place on the page. */
function LookFields({ form }: { form: Form }) {
  return (
    <>
      <Select label="Widget Type" data={TYPES} allowDeselect={false} {...form.getInputProps("type")} />
      <SimpleGrid cols={2}>
        <TextInput
          label="Call Button Text"
          maxLength={WIDGET_LIMITS.buttonText}
          {...form.getInputProps("callText")}
        />
        <TextInput
          label="SMS Button Text"
          maxLength={WIDGET_LIMITS.buttonText}
          {...form.getInputProps("smsText")}
        />
        <ColorInput
          label="Primary Colour"
          format="hex"
          withEyeDropper={false}
          {...form.getInputProps("primaryColor")}
        />
        <ColorInput
          label="Text Colour"
          format="hex"
          withEyeDropper={false}
          {...form.getInputProps("textColor")}
        />
      </SimpleGrid>
      <Select label="Position" data={POSITIONS} allowDeselect={false} {...form.getInputProps("position")} />
    </>
  );
}

/** Where its calls and texts go, which websites may show it, and how many a day it takes. */
function DeliveryFields({ form, numbers }: { form: Form; numbers: WidgetFormProps["numbers"] }) {
  const numberOptions = (numbers.data?.items ?? []).map((n) => ({
    value: n.id,
    label: n.kind === "territory_license" ? `${n.label} (${n.e164})` : `${n.e164} — ${n.label}`,
  }));
  return (
    <>
      {numbers.isError ? (
        <Alert color="red" title="Error">
          Could not load licensed numbers.
        </Alert>
      ) : null}
      <Select
        label="Licensed Number"
        withAsterisk
        placeholder="Select a licensed number"
        data={numberOptions}
        nothingFoundMessage="No licensed numbers: rent a number or hold an active territory licence."
        {...form.getInputProps("licensedNumberId")}
        onChange={(value) => form.setFieldValue("licensedNumberId", value ?? "")}
      />
      <TagsInput
        label="Allowed Websites"
        description="The website origins that may show this widget, such as https://www.example.com. Press Enter after each."
        maxTags={WIDGET_LIMITS.origins}
        clearable
        {...form.getInputProps("allowedOrigins")}
      />
      <NumberInput
        label="Daily Cap"
        description="Callbacks and texts accepted per day (UTC); more are refused."
        min={WIDGET_LIMITS.dailyCap.min}
        max={WIDGET_LIMITS.dailyCap.max}
        allowDecimal={false}
        {...form.getInputProps("dailyCap")}
      />
    </>
  );
}

/** Seed 001 "Configuration" card, with the live preview of what the form holds now. */
export function WidgetForm({ widget, numbers, onSaved, onDeleted }: WidgetFormProps) {
  const api = useWidgetsApi();
  const { form, onSubmit, showServerErrors } = useSchemaForm({
    schema: createWidgetBodySchema,
    initialValues: valuesOf(widget),
    toBody: (values) => ({
      ...values,
      dailyCap: values.dailyCap === "" ? undefined : Number(values.dailyCap),
    }),
  });
  const save = useWidgetMutation((body: Parameters<typeof api.create>[0]) =>
    widget ? api.update(widget.id, body) : api.create(body),
  );

  const submit = onSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: (saved) => {
          toast({ title: "Widget Saved", description: saved.name });
          onSaved(saved);
        },
        onError: (error) => {
          if (isRefusal(error)) showServerErrors(error);
          toastError("Save Error", error);
        },
      }),
    (errors) =>
      errors.licensedNumberId
        ? toast({ ...CONFIGURATION_INCOMPLETE, variant: "destructive" })
        : toastError("Save Error", Object.values(errors)[0]),
  );

  const values = form.getValues();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder padding="lg" component="section" aria-labelledby="widget-config-title">
        <Title order={2} size="h4" id="widget-config-title" mb="xs">
          Configuration
        </Title>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label="Widget Name" withAsterisk {...form.getInputProps("name")} />
            <LookFields form={form} />
            <DeliveryFields form={form} numbers={numbers} />
            <Group justify="space-between" mt="xs">
              {widget ? <DeleteWidgetButton widget={widget} onDeleted={onDeleted} /> : <span />}
              <Button type="submit" loading={save.isPending}>
                {widget ? "Save Changes" : "Create Widget"}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <WidgetPreview
        look={{
          type: values.type,
          callText: values.callText,
          smsText: values.smsText,
          primaryColor: values.primaryColor,
          textColor: values.textColor,
          position: values.position,
        }}
      />
    </SimpleGrid>
  );
}
