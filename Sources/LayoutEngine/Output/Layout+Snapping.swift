extension Layout {
    /// This layout with every frame, text block and line rect snapped to the pixel grid of
    /// `scale` pixels per point (see `Rect.snapped(toScale:)`).
    public func snapped(toScale scale: Double) -> Layout {
        Layout(
            viewport: viewport, scale: scale,
            frames: frames.map { $0.snapped(toScale: scale) },
            isDrawn: isDrawn,
            textBlocks: textBlocks.map { block in
                block.map { block in
                    TextBlock(
                        rect: block.rect.snapped(toScale: scale),
                        lines: block.lines.map { TextLine(text: $0.text, rect: $0.rect.snapped(toScale: scale)) })
                }
            })
    }
}
