import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/errors";
import { createQueryClient } from "../../src/app/query-client";
import { homeContentQuery } from "../../src/pages/public/use-home-content";
import { errorAnswer, fakeApi, json } from "../fake-api";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createQueryClient", () => {
  it("logs a failed home content load once, in seed 000's words, without retrying", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { api, urls } = fakeApi(() => errorAnswer(500, "INTERNAL", "Internal error"));

    const failure = await createQueryClient()
      .fetchQuery(homeContentQuery(api))
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect(urls).toHaveLength(1);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith("Error fetching editable content:", failure);
  });

  it("asks the home page's twenty keys in one request", async () => {
    const { api, urls } = fakeApi(() => json(200, { values: {} }));
    await createQueryClient().fetchQuery(homeContentQuery(api));
    expect(urls).toHaveLength(1);
    const keys = new URL(urls[0] ?? "", "http://localhost").searchParams.get("keys")?.split(",");
    expect(keys).toHaveLength(20);
    expect(keys).toContain("homepage_hero_title");
  });
});
