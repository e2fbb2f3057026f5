/** The API's one error shape: `{ error: { code, message, requestId, fields? } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    fields: Record<string, string[]> = {},
  ) {
    super(message);
    // The API names a body field "body.<name>"; forms know it as "<name>".
    this.fields = Object.fromEntries(
      Object.entries(fields).map(([key, list]) => [key.replace(/^body\./, ""), list]),
    );
  }

  readonly fields: Record<string, string[]>;

  /** The first message of the first field in error, else the general message. */
  firstFieldMessage(): string {
    for (const messages of Object.values(this.fields)) if (messages[0]) return messages[0];
    return this.message;
  }
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

/** JSON over fetch with the session cookie; a non-2xx answer throws an ApiError. */
export async function api<T>(
  path: string,
  { method = "GET", body, signal }: RequestOptions = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError(0, "NETWORK", "The request could not be sent. Check your connection and try again.");
  }
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    const error = (data as { error?: { code?: string; message?: string; fields?: Record<string, string[]> } })
      ?.error;
    throw new ApiError(res.status, error?.code ?? "HTTP", error?.message ?? res.statusText, error?.fields);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
