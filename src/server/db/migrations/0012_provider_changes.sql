-- Every change to service_providers, whatever code makes it, is announced on the events channel
-- (src/server/events/event-bus.ts) when its transaction commits: the places of the changed rows
-- before and after, or "all" for a bulk change. App servers drop the cached search answers those
-- places could change (src/server/modules/providers/search-cache.ts).
CREATE FUNCTION "announce_provider_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint := 0;
  places jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO changed FROM new_rows;
  ELSIF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT count(*) INTO changed FROM old_rows;
  ELSE
    changed := 1000;
  END IF;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed > 100 THEN
    PERFORM pg_notify('truck_finder_events', '{"providers":"all"}');
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_array(latitude, longitude)) INTO places
      FROM new_rows WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(latitude, longitude)) INTO places
      FROM old_rows WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
  ELSE
    SELECT jsonb_agg(jsonb_build_array(latitude, longitude)) INTO places
      FROM (SELECT latitude, longitude FROM old_rows UNION SELECT latitude, longitude FROM new_rows) AS p
      WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
  END IF;
  PERFORM pg_notify('truck_finder_events', jsonb_build_object('providers', coalesce(places, '[]'::jsonb))::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "service_providers_inserted" AFTER INSERT ON "service_providers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_provider_changes"();--> statement-breakpoint
CREATE TRIGGER "service_providers_updated" AFTER UPDATE ON "service_providers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_provider_changes"();--> statement-breakpoint
CREATE TRIGGER "service_providers_deleted" AFTER DELETE ON "service_providers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_provider_changes"();--> statement-breakpoint
CREATE TRIGGER "service_providers_truncated" AFTER TRUNCATE ON "service_providers"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_provider_changes"();
