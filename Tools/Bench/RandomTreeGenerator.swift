import Foundation
import SeededRandom

/// `make_trees.py`'s random tree at any size (issue 38 measures a 1,000,000-view one): each
/// view's parent is drawn from the views above it that are shallower than the deepest level;
/// a view with children is a stack of a random orientation, a leaf a box of 10–60 × 10–60
/// docked at its stack's start; margins 0–4. Written one view per line, as the script's flat
/// spec is. The same size, depth and seed always write the same file (the script's own
/// generator is Python's, so its 100,000-view file differs from this one's in detail only).
/// The text goes to the file in pieces: the benchmark's own peak memory is where its children's
/// start (`posix_spawn` shares the benchmark's pages until the exec), so it stays small.
enum RandomTreeGenerator {
    static func write(views count: Int, depth: Int, seed: UInt64, name: String, to path: String) throws {
        var random = SeededGenerator(seed: seed)
        var parent = [-1], level = [0], open = [0]
        parent.reserveCapacity(count)
        for index in 1..<max(count, 1) {
            let chosen = open[random.below(open.count)]
            parent.append(chosen)
            level.append(level[chosen] + 1)
            if level[index] < depth { open.append(index) }
        }
        var hasChildren = [Bool](repeating: false, count: count)
        for index in 1..<max(count, 1) { hasChildren[parent[index]] = true }
        var horizontal = [Bool](repeating: false, count: count)
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw BenchmarkError("cannot write \(path)")
        }
        defer { try? file.close() }
        var out = "{\"plumb\": 1, \"name\": \"\(name)\", \"views\": [\n"
        for index in 0..<count {
            if out.utf8.count >= 1 << 20 {
                try file.write(contentsOf: Data(out.utf8))
                out.removeAll(keepingCapacity: true)
            }
            horizontal[index] = random.below(2) == 1
            let margin = index == 0 ? 0 : random.below(5)
            var line = "{\"id\": \"n\(index)\""
            if index > 0 { line += ", \"parent\": \"n\(parent[index])\"" }
            line += hasChildren[index] ? ", \"kind\": \"stack\", \"orientation\": \"\(horizontal[index] ? "horizontal" : "vertical")\"" : ", \"kind\": \"view\""
            if margin > 0 { line += ", \"margin\": \(margin)" }
            if index > 0 && !hasChildren[index] {
                line += ", \"width\": \(10 + random.below(51)), \"height\": \(10 + random.below(51))"
                line += horizontal[parent[index]] ? ", \"verticalAlignment\": \"top\"" : ", \"horizontalAlignment\": \"left\""
            }
            out += line + (index + 1 < count ? "},\n" : "}\n")
        }
        out += "]}\n"
        try file.write(contentsOf: Data(out.utf8))
    }
}
