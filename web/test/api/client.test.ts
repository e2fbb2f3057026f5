import { describe, expect, it } from "vitest";
import { createApiClient, type Fetch } from "../../src/api/client";
import { ApiError, NETWORK_ERROR_MESSAGE } from "../../src/api/errors";
import { json } from "../fake-api";

interface SentRequest {
  url: string;
  init: RequestInit;
}

/** A client over a fetch that answers `response` and records what it was asked. */
function clientAnswering(response: () => Response | Promise<Response>) {
  const sent: SentRequest[] = [];
  const fetchFn: Fetch = async (url, init) => {
    sent.push({ url, init });
    return response();
  };
  return { api: createApiClient(fetchFn), sent };
}

describe("createApiClient", () => {
  it("GETs with the session cookie and no body, and answers the parsed JSON", async () => {
    const session = { user: null, account: null, isAdmin: false };
    const { api, sent } = clientAnswering(() => json(200, session));
    await expect(api.auth.session()).resolves.toEqual(session);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe("/api/auth/session");
    expect(sent[0]?.init).toMatchObject({ method: "GET", credentials: "same-origin", body: undefined });
    expect(sent[0]?.init.headers).toEqual({ accept: "application/json" });
  });

  it("POSTs the body as JSON", async () => {
    const { api, sent } = clientAnswering(() => json(201, { id: "fr_1" }));
    const body = { featureName: "Inbox", description: "Shared", email: "a@b.co" };
    await expect(api.site.featureRequest(body)).resolves.toEqual({ id: "fr_1" });
    expect(sent[0]?.url).toBe("/api/feature-requests");
    expect(sent[0]?.init.method).toBe("POST");
    expect(sent[0]?.init.headers).toEqual({ accept: "application/json", "content-type": "application/json" });
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual(body);
  });

  it("answers null for an empty body (a 204)", async () => {
    const { api } = clientAnswering(() => new Response(null, { status: 204 }));
    await expect(api.auth.logout()).resolves.toBeNull();
  });

  it("puts the query in the URL", async () => {
    const { api, sent } = clientAnswering(() => json(200, { items: [] }));
    await api.site.faq({ order: "category" });
    await api.site.faq({});
    await api.site.content({ keys: "homepage_hero_title,cta_banner_title" });
    expect(sent.map((request) => request.url)).toEqual([
      "/api/faq?order=category",
      "/api/faq",
      "/api/content?keys=homepage_hero_title%2Ccta_banner_title",
    ]);
  });

  it("throws the API's error, its field messages named as the form names them", async () => {
    const { api } = clientAnswering(() =>
      json(400, {
        error: {
          code: "BAD_REQUEST",
          message: "Message is required.",
          requestId: "req-1",
          fields: { "body.message": ["Message is required."] },
        },
      }),
    );
    const error = await api.site
      .contact({ name: "A", email: "a@b.co", message: "" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "BAD_REQUEST", requestId: "req-1" });
    expect((error as ApiError).fields).toEqual({ message: ["Message is required."] });
  });

  it("throws code HTTP for an answer that is not the error shape", async () => {
    const { api } = clientAnswering(
      () => new Response("<html>gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    await expect(api.site.config()).rejects.toMatchObject({
      status: 502,
      code: "HTTP",
      message: "Bad Gateway",
    });
  });

  it("throws code NETWORK when no answer came", async () => {
    const { api } = clientAnswering(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(api.site.config()).rejects.toMatchObject({
      status: 0,
      code: "NETWORK",
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it("lets a cancelled request's own error through: leaving a page is no failure", async () => {
    const controller = new AbortController();
    const abort = new DOMException("The operation was aborted.", "AbortError");
    const { api } = clientAnswering(() => {
      controller.abort();
      return Promise.reject(abort);
    });
    await expect(api.site.faq({ order: "display" }, controller.signal)).rejects.toBe(abort);
  });
});
