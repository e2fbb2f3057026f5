import {
  customFieldName,
  fieldOfHeader,
  formatOfHeaders,
  labelOfHeader,
} from "@poundline/contracts/crm/import-columns";
import { describe, expect, it } from "vitest";

describe("fieldOfHeader", () => {
  it.each([
    // Ours, and a person's spelling of ours.
    ["name", "csv", "name"],
    ["Lead Status", "csv", "lead_status"],
    ["leadStatus", "csv", "lead_status"],
    ["Follow Up Date", "csv", "follow_up_date"],
    ["Phone Number", "csv", "phone"],
    // Google Contacts, current and legacy.
    ["First Name", "google", "first_name"],
    ["Phone 1 - Label", "google", "phone_label"],
    ["Phone 12 - Value", "google", "phone"],
    ["E-mail 2 - Value", "google", "email"],
    ["Phone 1 - Type", "google_legacy", "phone_label"],
    ["Given Name", "google_legacy", "first_name"],
    ["Family Name", "google_legacy", "last_name"],
    ["Group Membership", "google_legacy", "tags"],
    ["Organization 1 - Name", "google_legacy", "company"],
    ["Organization 1 - Title", "google_legacy", "custom"],
    ["Address 1 - Formatted", "google", "address"],
    ["Address 1 - Postal Code", "google", "address_postal_code"],
    ["Address 1 - PO Box", "google", null],
    ["Photo", "google", null],
    // Outlook.
    ["Title", "outlook", "name_prefix"],
    ["Mobile Phone", "outlook", "phone"],
    ["Business Fax", "outlook", "phone"],
    ["Home Phone 2", "outlook", "phone"],
    ["E-mail Address", "outlook", "email"],
    ["E-mail 2 Address", "outlook", "email"],
    ["E-mail Type", "outlook", null],
    ["E-mail Display Name", "outlook", null],
    ["Business Street 2", "outlook", "address_street"],
    ["Home Country/Region", "outlook", "address_country"],
    ["Categories", "outlook", "tags"],
    // HubSpot.
    ["Record ID", "hubspot", null],
    ["Mobile Phone Number", "hubspot", "phone"],
    ["Company Name", "hubspot", "company"],
    ["Lifecycle Stage", "hubspot", "contact_type"],
    ["State/Region", "hubspot", "address_region"],
    // A job title elsewhere than Outlook, and a column nobody knows.
    ["Title", "csv", "custom"],
    ["favourite colour", "csv", null],
  ] as const)("%s (%s) → %s", (header, format, field) => {
    expect(fieldOfHeader(header, format)).toBe(field);
  });
});

describe("formatOfHeaders", () => {
  it.each([
    [["First Name", "Last Name", "Phone 1 - Label", "Phone 1 - Value"], "google"],
    [["Name", "Given Name", "Phone 1 - Type", "Phone 1 - Value"], "google_legacy"],
    [["First Name", "Last Name", "E-mail Address", "Business Phone", "Mobile Phone"], "outlook"],
    [["Record ID", "First Name", "Phone Number"], "hubspot"],
    [["name", "phone", "lead_status"], "poundline"],
    [["Name", "Phone"], "csv"],
  ])("%j → %s", (headers, format) => {
    expect(formatOfHeaders(headers)).toBe(format);
  });
});

describe("labels and custom field names", () => {
  it.each([
    ["Mobile Phone", "Mobile"],
    ["Mobile Phone Number", "Mobile"],
    ["Business Fax", "Business Fax"],
    ["Phone Number", ""],
    ["Phone 1 - Value", ""],
    ["E-mail 2 Address", ""],
  ])("labelOfHeader(%s) → %j", (header, label) => {
    expect(labelOfHeader(header)).toBe(label);
  });

  it.each([
    ["Organization Title", "Job Title"],
    ["Organization 1 - Title", "Job Title"],
    ["Job Title", "Job Title"],
    ["Organization 1 - Department", "Department"],
    ["Website 1 - Value", "Website"],
    ["Web Page", "Website"],
    ["Shoe size", "Shoe size"],
  ])("customFieldName(%s) → %s", (header, name) => {
    expect(customFieldName(header)).toBe(name);
  });
});
