@testable import PlumbCLI
import Testing

/// The dispatch table names each command as its spec does, once: the spec itself (help text
/// and all) is made only when asked.
struct CommandTableTests {
    @Test func eachEntryIsNamedAsItsSpec() {
        for entry in Plumb.commands { #expect(entry.name == entry.spec.name) }
        #expect(Set(Plumb.commands.map(\.name)).count == Plumb.commands.count)
    }
}
