-- Paragraph spacing (issue 36): points ≥ 0 below each paragraph of a label's text but the last.
INSERT INTO plumb_properties (name, type, minimum, choices) VALUES
    ('paragraphSpacing', 'length', NULL, NULL);
