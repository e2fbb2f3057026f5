import { createApiClient } from "../src/api/client";

/** A JSON answer of the API. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The one error shape. */
export const errorAnswer = (status: number, code: string, message: string) =>
  json(status, { error: { code, message, requestId: "req-test" } });

/** A real API client over a fetch that answers every request with `answer()`; `urls` lists what it was asked. */
export function fakeApi(answer: () => Response | Promise<Response>) {
  const urls: string[] = [];
  const api = createApiClient(async (url) => {
    urls.push(url);
    return answer();
  });
  return { api, urls };
}
