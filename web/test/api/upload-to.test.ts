import { afterEach, describe, expect, it, vi } from "vitest";
import { routes } from "../../src/api/routes.generated";
import { uploadTo } from "../../src/api/upload-to";

/** Never run: each line is refused by the type checker. */
export function refusedByTheUploadContracts(file: Blob) {
  // @ts-expect-error this endpoint takes a JSON body, no file
  uploadTo(routes.support.reply, { params: { id: "tkt_1" }, upload: file });
  // @ts-expect-error the attachment's name is required in the query
  uploadTo(routes.support.attach, { params: { id: "tkt_1" }, upload: file });
  // @ts-expect-error a path parameter is required
  return uploadTo(routes.support.adminAttach, { query: { fileName: "a.pdf" }, upload: file });
}

describe("uploadTo", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the file's bytes with the contract's method, to its path with the query", async () => {
    const sent: { url: string; method: string; contentType: string; body: string }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: String(init.method),
        contentType: new Headers(init.headers).get("content-type") ?? "",
        body: await (init.body as Blob).text(),
      });
      return new Response(JSON.stringify({ id: "att_1" }), { status: 201 });
    });
    const answer = await uploadTo(routes.support.adminAttach, {
      params: { id: "tkt_1" },
      query: { fileName: "scan 1.pdf" },
      upload: new Blob(["%PDF-1.4"]),
    });
    expect(answer).toEqual({ id: "att_1" });
    expect(sent).toEqual([
      {
        url: "/api/admin/support-tickets/tkt_1/attachments?fileName=scan+1.pdf",
        method: "POST",
        contentType: "application/octet-stream",
        body: "%PDF-1.4",
      },
    ]);
  });

  it("throws the API's refusal as an ApiError", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify({ error: { code: "PAYLOAD_TOO_LARGE", message: "Too big", requestId: "r" } }),
          {
            status: 413,
          },
        ),
    );
    await expect(
      uploadTo(routes.support.attach, {
        params: { id: "tkt_1" },
        query: { fileName: "a.png" },
        upload: new Blob(["x"]),
      }),
    ).rejects.toMatchObject({ status: 413, message: "Too big" });
  });
});
