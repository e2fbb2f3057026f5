import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { parseTwiml } from "../src/twiml";

describe("parseTwiml", () => {
  it("reads what the official builder writes: verbs, attributes, nesting, entities", () => {
    const response = new twilio.twiml.VoiceResponse();
    response
      .gather({ numDigits: 1, action: "/menu?x=1&y=2" })
      .say({ voice: "Polly.Joanna" }, "Tom & Jerry's <law> firm");
    response.hangup();
    const parsed = parseTwiml(response.toString());
    expect(parsed).toEqual({
      ok: true,
      response: {
        name: "Response",
        attributes: {},
        text: "Tom & Jerry's <law> firm",
        ownText: "",
        children: [
          {
            name: "Gather",
            attributes: { numDigits: "1", action: "/menu?x=1&y=2" },
            text: "Tom & Jerry's <law> firm",
            ownText: "",
            children: [
              {
                name: "Say",
                attributes: { voice: "Polly.Joanna" },
                text: "Tom & Jerry's <law> firm",
                ownText: "Tom & Jerry's <law> firm",
                children: [],
              },
            ],
          },
          { name: "Hangup", attributes: {}, text: "", ownText: "", children: [] },
        ],
      },
    });
  });

  it("speaks the text of SSML, without its tags", () => {
    const parsed = parseTwiml(
      "<Response><Say>Hello <break time='1s'/> <emphasis>world</emphasis>!</Say></Response>",
    );
    expect(parsed.ok && parsed.response.children[0]?.text).toBe("Hello world !");
  });

  it.each([
    ["an empty body", ""],
    ["text", "Hello there"],
    ["broken XML", "<Response><Say>Hi</Response>"],
    ["another root", "<Document><Say>Hi</Say></Document>"],
    ["two roots", "<Response/><Response/>"],
  ])("refuses %s", (_name, xml) => {
    expect(parseTwiml(xml).ok).toBe(false);
  });
});
