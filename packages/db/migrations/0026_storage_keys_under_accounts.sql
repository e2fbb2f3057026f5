-- Stored files moved under their account (services/platform/src/storage/keys.ts): the keys the
-- database holds follow. The local driver moves the files themselves on start
-- (services/platform/src/storage/legacy-files.ts). Rows already in the new form are untouched.
UPDATE "voicemails"
SET "storage_path" = regexp_replace("storage_path", '^recordings/([^/]+)/', 'accounts/\1/voicemails/')
WHERE "storage_path" LIKE 'recordings/%';
--> statement-breakpoint
UPDATE "support_ticket_attachments"
SET "storage_key" = regexp_replace("storage_key", '^support-attachments/([^/]+)/', 'accounts/\1/support-attachments/')
WHERE "storage_key" LIKE 'support-attachments/%';
