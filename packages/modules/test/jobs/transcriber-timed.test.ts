import { describe, expect, it } from "vitest";
import { createTranscriber } from "../../src/voicemails/jobs/transcriber";

const audio = { filename: "a.wav", contentType: "audio/wav", read: async () => new Uint8Array([1, 2, 3]) };

/** A service that answers each response_format as given (a status, a body), recording what was asked. */
function service(answers: Record<string, [number, object]>, asked: string[]): typeof fetch {
  return async (_input, init) => {
    const format = String((init as RequestInit & { body: FormData }).body.get("response_format"));
    asked.push(format);
    const [status, body] = answers[format] ?? [500, {}];
    return Response.json(body, { status });
  };
}

const config = { provider: "http" as const, url: "http://stt.test/v1", model: "whisper-1" };

describe("the HTTP transcriber, asked for timings", () => {
  it("reads verbose_json's segments", async () => {
    const asked: string[] = [];
    const transcriber = createTranscriber(
      config,
      service(
        {
          verbose_json: [
            200,
            { text: " Hi there. ", segments: [{ start: 0.5, end: 1, text: " Hi there." }] },
          ],
        },
        asked,
      ),
    );
    expect(await transcriber.transcribe({ ...audio, timed: true })).toEqual({
      status: "completed",
      text: "Hi there.",
      segments: [{ startSeconds: 0.5, text: "Hi there." }],
    });
    expect(asked).toEqual(["verbose_json"]);
  });

  it("falls back to the text alone when the model refuses timings (400)", async () => {
    const asked: string[] = [];
    const transcriber = createTranscriber(
      config,
      service({ verbose_json: [400, { error: "unsupported" }], json: [200, { text: "Hello." }] }, asked),
    );
    expect(await transcriber.transcribe({ ...audio, timed: true })).toEqual({
      status: "completed",
      text: "Hello.",
    });
    expect(asked).toEqual(["verbose_json", "json"]);
  });

  it("voicemail asks for the text alone, as before", async () => {
    const asked: string[] = [];
    const transcriber = createTranscriber(config, service({ json: [200, { text: "Call me." }] }, asked));
    expect(await transcriber.transcribe(audio)).toEqual({ status: "completed", text: "Call me." });
    expect(asked).toEqual(["json"]);
  });
});
