import type { ApiError } from "../api/errors";

/** One message per field in error, by field name (what a Mantine form shows under its fields). */
export type FieldMessages = Partial<Record<string, string>>;

/** The API's first message for each field of this form (a 400's field messages), for `form.setErrors`. */
export function fieldMessagesOf(error: ApiError, fields: readonly string[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const field of fields) {
    const first = error.fields[field]?.[0];
    if (first) messages[field] = first;
  }
  return messages;
}

/** The message of the first field in error, in the order the form shows its fields. */
export function firstMessage(errors: FieldMessages, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const message = errors[field];
    if (message) return message;
  }
  return undefined;
}

/** Whether any field in error has this message. */
export function hasMessage(errors: FieldMessages, message: string): boolean {
  return Object.values(errors).includes(message);
}
