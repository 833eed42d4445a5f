-- Text runs (issue 36): stretches of a label's text with their own style, one property whose
-- value is an array of runs (LayoutSpec's `TextRun`): each an object with a whole `start` ≥ 0
-- and `length` ≥ 1 (UTF-16 code units, at most 1,000,000), at least one style (`font` with
-- `family`, `size`, `weight`, `italic`; `textColor`, `letterSpacing`, `lineHeight`,
-- `textDecoration`, `textCase`), each style value checked as the label property of that name
-- is, the runs in order of `start` and not overlapping; at most 10,000 runs.
ALTER TABLE plumb_properties DROP CONSTRAINT plumb_properties_type_check;
ALTER TABLE plumb_properties ADD CONSTRAINT plumb_properties_type_check
    CHECK (type IN ('length', 'fontSize', 'fraction', 'count', 'choice', 'text', 'color', 'tracks',
                    'viewID', 'orderKey', 'bool', 'textSpacing', 'offset', 'textRuns'));
INSERT INTO plumb_properties (name, type, minimum, choices) VALUES ('textRuns', 'textRuns', NULL, NULL);

-- A run's style value, checked as the label property `property` (its name in the catalogue).
CREATE FUNCTION plumb_run_value_fits(property text, value jsonb) RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT coalesce((SELECT plumb_value_fits(p.type, p.minimum, p.choices, jsonb_typeof(value),
                                             CASE WHEN jsonb_typeof(value) = 'number' THEN (value #>> '{}')::numeric END,
                                             CASE WHEN jsonb_typeof(value) = 'string' THEN value #>> '{}' END, value)
                     FROM plumb_properties p WHERE p.name = property AND p.type <> 'textRuns'), false)
$$;

CREATE FUNCTION plumb_text_runs_fit(runs jsonb) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
    run jsonb;
    member record;
    part record;
    first numeric;
    count numeric;
    previous_end numeric := 0;
    styled boolean;
BEGIN
    IF jsonb_typeof(runs) IS DISTINCT FROM 'array' OR jsonb_array_length(runs) NOT BETWEEN 1 AND 10000 THEN RETURN false; END IF;
    FOR run IN SELECT e FROM jsonb_array_elements(runs) AS e LOOP
        IF jsonb_typeof(run) <> 'object' OR jsonb_typeof(run -> 'start') IS DISTINCT FROM 'number'
           OR jsonb_typeof(run -> 'length') IS DISTINCT FROM 'number' THEN RETURN false; END IF;
        first := (run ->> 'start')::numeric;
        count := (run ->> 'length')::numeric;
        IF first <> trunc(first) OR first NOT BETWEEN 0 AND 1000000 OR count <> trunc(count) OR count NOT BETWEEN 1 AND 1000000
           OR first < previous_end THEN RETURN false; END IF;
        previous_end := first + count;
        styled := false;
        FOR member IN SELECT m.key, m.value AS style FROM jsonb_each(run) AS m WHERE m.key NOT IN ('start', 'length') LOOP
            IF member.key = 'font' THEN
                IF jsonb_typeof(member.style) <> 'object' THEN RETURN false; END IF;
                FOR part IN SELECT f.key, f.value AS style FROM jsonb_each(member.style) AS f LOOP
                    IF part.key NOT IN ('family', 'size', 'weight', 'italic')
                       OR NOT plumb_run_value_fits('font.' || part.key, part.style) THEN RETURN false; END IF;
                    styled := true;
                END LOOP;
            ELSIF member.key IN ('textColor', 'letterSpacing', 'lineHeight', 'textDecoration', 'textCase') THEN
                IF NOT plumb_run_value_fits(member.key, member.style) THEN RETURN false; END IF;
                styled := true;
            ELSE
                RETURN false;
            END IF;
        END LOOP;
        IF NOT styled THEN RETURN false; END IF;
    END LOOP;
    RETURN true;
END
$$;

-- 0004's checks and the runs; stable now, since a run's styles are looked up in the catalogue.
CREATE OR REPLACE FUNCTION plumb_value_fits(type text, minimum integer, choices text[], kind text, number numeric, string text, value jsonb)
RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT coalesce(CASE type
        WHEN 'length' THEN number >= 0 AND plumb_is_finite(number)
        WHEN 'fontSize' THEN number > 0 AND number <= 10000
        WHEN 'fraction' THEN number BETWEEN 0 AND 1
        WHEN 'count' THEN number = trunc(number) AND number BETWEEN minimum AND 1000000
        WHEN 'choice' THEN string = ANY (choices)
        WHEN 'text' THEN kind = 'string'
        WHEN 'color' THEN string ~ '^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$'
        WHEN 'tracks' THEN plumb_tracks_fit(value)
        WHEN 'viewID' THEN kind = 'null' OR plumb_is_identifier(string)
        WHEN 'orderKey' THEN string !~ '[^0-9A-Za-z]' AND length(string) BETWEEN 1 AND 1000
        WHEN 'bool' THEN kind = 'boolean'
        WHEN 'offset' THEN number BETWEEN -1000000 AND 1000000
        WHEN 'textSpacing' THEN CASE
            WHEN kind = 'number' THEN number BETWEEN minimum AND 10000
            WHEN string ~ '^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?%$'
                THEN rtrim(string, '%')::numeric BETWEEN minimum AND 10000
            ELSE false END
        WHEN 'textRuns' THEN plumb_text_runs_fit(value)
    END, false)
$$;

CREATE OR REPLACE FUNCTION plumb_expectation(type text, minimum integer, choices text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE type
        WHEN 'length' THEN 'a number ≥ 0'
        WHEN 'fontSize' THEN 'a number > 0 and ≤ 10000'
        WHEN 'fraction' THEN 'a number from 0 to 1'
        WHEN 'count' THEN format('a whole number from %s to 1000000', minimum)
        WHEN 'choice' THEN 'one of ' || array_to_string(choices, ', ')
        WHEN 'text' THEN 'a string'
        WHEN 'color' THEN 'a colour "#RRGGBB" or "#RRGGBBAA"'
        WHEN 'tracks' THEN 'a non-empty array of at most 1000 tracks (numbers, "auto", "*" or "2*")'
        WHEN 'viewID' THEN 'a view id or null'
        WHEN 'orderKey' THEN 'an order key (1–1000 base-62 digits)'
        WHEN 'bool' THEN 'true or false'
        WHEN 'offset' THEN 'a number from -1000000 to 1000000'
        WHEN 'textSpacing' THEN format('points (a number from %s to 10000) or a percentage of the font size ("150%%")', minimum)
        WHEN 'textRuns' THEN 'a non-empty array of at most 10000 runs {start, length, and a style: font, textColor, letterSpacing, lineHeight, textDecoration, textCase}, in order, not overlapping'
    END
$$;
