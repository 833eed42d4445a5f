-- The size a design measured for a label's text (issue 36): Figma's text box, which a label
-- whose font family is not installed keeps. Lengths, as width and height are. And italic text.
INSERT INTO plumb_properties (name, type, minimum, choices) VALUES
    ('designedWidth', 'length', NULL, NULL),
    ('designedHeight', 'length', NULL, NULL),
    ('font.italic', 'bool', NULL, NULL);
