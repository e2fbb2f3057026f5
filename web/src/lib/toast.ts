import { notifications } from "@mantine/notifications";

/** Seed 000: the default notification stays 5000 ms. */
export const DEFAULT_TOAST_MS = 5000;

interface ToastOptions {
  title: string;
  description?: string;
  /** How long it stays, in ms. */
  duration?: number;
  variant?: "default" | "destructive";
}

/** A toast as the seeds describe them: a title, an optional description, red when destructive. */
export function toast({
  title,
  description,
  duration = DEFAULT_TOAST_MS,
  variant = "default",
}: ToastOptions) {
  notifications.show({
    title,
    message: description ?? "",
    autoClose: duration,
    color: variant === "destructive" ? "red" : undefined,
  });
}
