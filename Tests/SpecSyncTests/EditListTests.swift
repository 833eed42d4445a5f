import LayoutSpec
import SpecSync
import Testing

/// `EditList` holds edits in runs per view and gives back exactly the edits appended, in order.
struct EditListTests {
    static let edits = [
        Edit(view: "a", property: .alive, value: "true"),
        Edit(view: "a", property: .width, value: nil),
        Edit(view: "b", property: .text, value: #""a text longer than fifteen bytes""#),
        // A view again after another: a run of its own.
        Edit(view: "a", property: .height, value: "3"),
        Edit(view: "c", property: .alive, value: "false"),
    ]

    @Test func givesBackTheEditsInOrder() {
        let list = EditList(Self.edits)
        #expect(list.count == Self.edits.count)
        #expect(Array(list) == Self.edits)
        #expect(list[3] == Edit(view: "a", property: .height, value: "3"))
        #expect(Array(list[1..<3]) == Array(Self.edits[1..<3]))
    }

    @Test func equalWhenTheEditsAre() {
        var appended = EditList()
        for edit in Self.edits { appended.append(edit) }
        #expect(appended == EditList(Self.edits))
        #expect(appended != EditList(Self.edits.dropLast()))
        #expect(EditList() == [])
    }
}
