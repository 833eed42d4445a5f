-- Wrapping stacks (issue 36): `wrap` (true or false: the stack starts a new line when its next
-- child would pass its content length) and `lineSpacing` (points ≥ 0 between its lines).
INSERT INTO plumb_properties (name, type, minimum, choices) VALUES
    ('wrap', 'bool', NULL, NULL),
    ('lineSpacing', 'length', NULL, NULL);
