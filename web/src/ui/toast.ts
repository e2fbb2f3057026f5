import { notifications } from "@mantine/notifications";

/** Seed 000: the default notification stays 5000 ms. */
export const DEFAULT_TOAST_MS = 5000;

interface ToastOptions {
  title: string;
  description?: string;
  /** How long it stays, in ms. */
  duration?: number;
  variant?: "default" | "destructive";
  /** A toast with the id of one still shown replaces it (one toast per call, not per event). */
  id?: string;
  /** Where it shows; by default where the app's notifications are (top right). */
  position?: "top-right" | "bottom-right";
}

/** A toast as the seeds describe them: a title, an optional description, red when destructive. */
export function toast({
  title,
  description,
  duration = DEFAULT_TOAST_MS,
  variant = "default",
  id,
  position,
}: ToastOptions) {
  notifications.show({
    ...(id ? { id } : {}),
    ...(position ? { position } : {}),
    title,
    message: description ?? "",
    autoClose: duration,
    color: variant === "destructive" ? "red" : undefined,
  });
}

/**
 * What failed, in red: the title says what (seed 001: "Save Error"), the description why (the
 * server's message, or a form's first error).
 */
export function toastError(title: string, reason: Error | string | undefined) {
  toast({
    title,
    description: typeof reason === "string" ? reason : reason?.message,
    variant: "destructive",
  });
}
