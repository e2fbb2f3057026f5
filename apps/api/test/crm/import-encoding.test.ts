import { decodeFile } from "@poundline/modules/crm/import-encoding";
import { describe, expect, it } from "vitest";

const utf16le = (text: string) => Buffer.from(text, "utf16le");
const utf16be = (text: string) => utf16le(text).swap16();
/** "Hélène,Muñoz" as Excel on Windows writes it (é = E9, è = E8, ñ = F1). */
const windows1252 = Buffer.from([0x48, 0xe9, 0x6c, 0xe8, 0x6e, 0x65, 0x2c, 0x4d, 0x75, 0xf1, 0x6f, 0x7a]);

describe("decodeFile", () => {
  it.each([
    { label: "UTF-8", bytes: Buffer.from("Hélène,Muñoz"), encoding: "utf-8", bom: false },
    {
      label: "UTF-8 with BOM",
      bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Hélène,Muñoz")]),
      encoding: "utf-8",
      bom: true,
    },
    {
      label: "UTF-16 LE with BOM",
      bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le("Hélène,Muñoz")]),
      encoding: "utf-16le",
      bom: true,
    },
    {
      label: "UTF-16 BE with BOM",
      bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be("Hélène,Muñoz")]),
      encoding: "utf-16be",
      bom: true,
    },
    { label: "UTF-16 LE without BOM", bytes: utf16le("Hélène,Muñoz"), encoding: "utf-16le", bom: false },
    { label: "UTF-16 BE without BOM", bytes: utf16be("Hélène,Muñoz"), encoding: "utf-16be", bom: false },
    { label: "Windows-1252", bytes: windows1252, encoding: "windows-1252", bom: false },
  ])("reads $label", ({ bytes, encoding, bom }) => {
    expect(decodeFile(bytes)).toEqual({ text: "Hélène,Muñoz", encoding, bom });
  });

  it("reads Windows-1252's own characters (curly quotes, euro) that Latin-1 lacks", () => {
    expect(decodeFile(Buffer.from([0x93, 0x80, 0x35, 0x94])).text).toBe("\u201c€5\u201d");
  });

  it("reads an empty file as empty UTF-8", () => {
    expect(decodeFile(new Uint8Array())).toEqual({ text: "", encoding: "utf-8", bom: false });
  });
});
