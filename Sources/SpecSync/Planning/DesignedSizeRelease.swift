import LayoutSpec

/// A label's designed size (`designedWidth`, `designedHeight`) is what the design measured for
/// its text as it was: an edit of the text or of what it is measured in makes it stale, so the
/// planners of `set`, `apply` and the studio clear it in the same version, unless the edit
/// writes it too (a design tool's new measurement).
public enum DesignedSizeRelease {
    /// The designed-size properties of one view to unset when an edit changes `changed` on it:
    /// none unless one of them changes the measured text (`Property.changesMeasuredText`);
    /// then each designed size that `isSet` on the view and that the edit does not `name`.
    public static func unsets(changed: some Collection<Property>, named: some Collection<Property>,
                              isSet: (Property) throws -> Bool) rethrows -> [Property] {
        guard changed.contains(where: \.changesMeasuredText) else { return [] }
        var stale: [Property] = []
        for property in [Property.designedWidth, .designedHeight] where !named.contains(property) {
            if try isSet(property) { stale.append(property) }
        }
        return stale
    }
}
