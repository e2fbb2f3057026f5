import { type FormErrors, useForm } from "@mantine/form";
import { zod4Resolver } from "mantine-form-zod-resolver";
import type { FormEvent } from "react";
import type { z } from "zod";
import type { ApiError } from "../api/errors";
import { type FieldMessages, fieldMessagesOf } from "./form-errors";

interface SchemaFormOptions<Values, Schema extends z.ZodType> {
  /** The API's schema of the request this form sends: its messages are the form's. */
  schema: Schema;
  initialValues: Values;
  /**
   * The request body the values make (trimmed, optional fields left out...). Validation runs on
   * it, so its field names must be the form's. The values themselves by default.
   */
  toBody?: (values: Values) => Record<string, unknown>;
}

/** What a failed check gives: the message of each field in error. */
export type InvalidHandler = (errors: FieldMessages) => void;

/**
 * A Mantine form validated by the API's own zod schema, so it refuses exactly what the API would,
 * with the API's messages. A field's message clears as soon as the person changes the field.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Schema extends z.ZodType>({
  schema,
  initialValues,
  toBody = (values) => values,
}: SchemaFormOptions<Values, Schema>) {
  // The first message of a field, as the schema orders its rules.
  const check = zod4Resolver(schema, { errorPriority: "first" });
  const form = useForm<Values>({
    mode: "controlled",
    initialValues,
    validate: (values) => check(toBody(values)),
    // Inputs named as their fields, for the browser's autofill.
    enhanceGetInputProps: ({ field }) => ({ name: field }),
  });
  const fields = Object.keys(initialValues);

  /**
   * The form's submit handler: `onValid` gets the body as the schema outputs it, `onInvalid`
   * the messages once they are shown under their fields.
   */
  function onSubmit(
    onValid: (body: z.output<Schema>) => void | Promise<void>,
    onInvalid?: InvalidHandler,
  ): (event?: FormEvent<HTMLFormElement>) => void {
    return form.onSubmit(
      (values) => onValid(schema.parse(toBody(values))),
      (errors: FormErrors) => onInvalid?.(messagesOf(errors)),
    );
  }

  /** Shows the API's field messages of a refused request under the form's fields. */
  function showServerErrors(error: ApiError) {
    form.setErrors(fieldMessagesOf(error, fields));
  }

  return { form, onSubmit, showServerErrors };
}

/** Mantine's errors (a message may be any React node) as text messages. */
function messagesOf(errors: FormErrors): FieldMessages {
  const messages: FieldMessages = {};
  for (const [field, message] of Object.entries(errors))
    if (typeof message === "string") messages[field] = message;
  return messages;
}
