-- A stack's distribution (issue 36): where its children sit along its axis in each line when
-- they leave room (`start` when unset), a choice.
INSERT INTO plumb_properties (name, type, minimum, choices) VALUES
    ('distribution', 'choice', NULL, '{start,center,end,spaceBetween}');
