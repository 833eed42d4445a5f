import Foundation
import Testing
@testable import SpecStore

/// `Store.locate(from:)` finds `.plumb/store.sqlite` in a folder or its nearest parent, as git
/// finds `.git`, with `.` and `..` taken by name.
@Suite struct StoreLocateTests {
    @Test func findsTheNearestStoreUpTheTree() throws {
        let folder = TemporaryFolder()
        let root = folder.url.path
        try FileManager.default.createDirectory(atPath: root + "/a/b/c", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/a/.plumb", withIntermediateDirectories: true)
        _ = try Store.create(at: root + "/a/.plumb/store.sqlite")
        let store = root + "/a/.plumb/store.sqlite"
        #expect(Store.locate(from: root + "/a") == store)
        #expect(Store.locate(from: root + "/a/b/c") == store)
        #expect(Store.locate(from: root + "/a/b/c/") == store)
        #expect(Store.locate(from: root + "/a/b/./c/../c") == store)
        #expect(Store.locate(from: root + "//a///b") == store)
        // `..` is taken by name: out of `a`, nothing is found (unless a parent of the
        // temporary folder holds a store, which a test machine's does not).
        #expect(Store.locate(from: root + "/a/..") == nil)
        #expect(Store.locate(from: root) == nil)
    }

    @Test func aRelativeFolderIsTakenFromTheCurrentOne() throws {
        let folder = TemporaryFolder()
        let root = folder.url.path
        try FileManager.default.createDirectory(atPath: root + "/.plumb/x", withIntermediateDirectories: true)
        _ = try Store.create(at: root + "/.plumb/store.sqlite")
        let current = FileManager.default.currentDirectoryPath
        let relative = String(repeating: "../", count: current.split(separator: "/").count) + root.dropFirst()
        #expect(Store.locate(from: relative) == root + "/.plumb/store.sqlite")
        #expect(Store.locate(from: relative + "/.plumb/x") == root + "/.plumb/store.sqlite")
    }
}
