import { ApiError, apiErrorFrom, NETWORK_ERROR_MESSAGE } from "./errors";

/**
 * Sends a file's bytes as they are (the API client speaks JSON only): the API checks what they
 * are by their first bytes. A refusal throws an ApiError like the client's.
 */
export async function uploadFile<Response>(path: string, file: Blob, method = "POST"): Promise<Response> {
  let res: globalThis.Response;
  try {
    res = await fetch(path, {
      method,
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
