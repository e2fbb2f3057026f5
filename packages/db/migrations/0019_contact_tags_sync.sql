-- Hand-written (drizzle-kit has no triggers): contact_tags follows contacts.tags. Whatever writes
-- a contact (the API, a CSV import, a seed, SQL by hand), its rows are replaced in the same
-- statement; deleting the contact deletes them (the foreign key's cascade).
CREATE FUNCTION contact_tags_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM contact_tags WHERE contact_id = NEW.id;
  END IF;
  INSERT INTO contact_tags (account_id, tag, contact_id)
    SELECT DISTINCT NEW.account_id, tag, NEW.id FROM unnest(NEW.tags) AS tag
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contacts_tags_insert AFTER INSERT ON contacts
  FOR EACH ROW WHEN (cardinality(NEW.tags) > 0) EXECUTE FUNCTION contact_tags_sync();--> statement-breakpoint
CREATE TRIGGER contacts_tags_update AFTER UPDATE OF tags, account_id ON contacts
  FOR EACH ROW WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION contact_tags_sync();--> statement-breakpoint
INSERT INTO contact_tags (account_id, tag, contact_id)
  SELECT DISTINCT account_id, tag, id FROM contacts, unnest(tags) AS tag
  ON CONFLICT DO NOTHING;
