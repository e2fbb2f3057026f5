import { ApiError, apiErrorFrom, NETWORK_ERROR_MESSAGE } from "./errors";

/**
 * POSTs a file's bytes as they are (the API client's `send` speaks JSON only) and reads the JSON
 * answer; a non-2xx answer throws an ApiError like `send` does. The API checks what the bytes are.
 */
export async function uploadBytes<Response>(path: string, file: File): Promise<Response> {
  let res: globalThis.Response;
  try {
    res = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/octet-stream" },
      body: file,
    });
  } catch {
    throw new ApiError(0, "NETWORK", NETWORK_ERROR_MESSAGE);
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) throw apiErrorFrom(res.status, res.statusText, data);
  return data as Response;
}
