import { type ChangeEvent, useState } from "react";
import type { ApiError } from "./api";

/** One message per field in error, by field name. */
export type FieldErrors<F> = Partial<Record<keyof F, string>>;

/** The fields of F that hold text: those a text input or textarea can edit. */
type TextField<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * A form's values and its messages per field. Changing a field clears its message: the person is
 * fixing it.
 */
export function useFormFields<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  function update<K extends keyof F>(field: K, value: F[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** The name, value, message and change handler of a text input or textarea editing `field`. */
  function textInput<K extends TextField<F>>(field: K) {
    return {
      name: String(field),
      value: form[field] as string,
      error: errors[field],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        update(field, event.currentTarget.value as F[K]),
    };
  }

  /** Shows the first message the API gave for each field of this form (and clears the others). */
  function showFieldErrors(error: ApiError) {
    const messages: FieldErrors<F> = {};
    for (const [field, [first]] of Object.entries(error.fields)) {
      if (field in form) messages[field as keyof F] = first;
    }
    setErrors(messages);
  }

  return { form, setForm, errors, setErrors, update, textInput, showFieldErrors };
}
