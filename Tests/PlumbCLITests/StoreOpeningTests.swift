import Foundation
import SpecStore
import SpecSync
import Testing

/// Opening a store (issue 11's store items, issue 8's read-only reads): each case reproduced
/// with the real `plumb`, each refusal in words, and nothing written where it should not be.
@Suite(.serialized) struct StoreOpeningTests {
    /// Runs a shell command line; returns its status and its output (stdout and stderr).
    static func shell(_ command: String) -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-shell-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = system("(\(command)) </dev/null >'\(output)' 2>&1")
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return (status == 0 ? 0 : (status >> 8 == 0 ? 1 : status >> 8), text)
    }

    static var plumb: String { "'\(PlumbRunner.executable.path)'" }

    func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test(arguments: [0, 1])
    func aTinyStoreFileIsRefusedEvenByReads(size: Int) throws {
        let runner = PlumbRunner()
        let path = runner.folder.appendingPathComponent("tiny.sqlite").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: size))
        for arguments in [["docs"], ["log", "login"], ["apply", runner.write("login.json", loginSpec)]] {
            let result = runner.run(["--store", path] + arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("not a Plumb store (the file holds \(size) byte"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == size, "left as it was")
        #expect(files(in: runner.folder) == ["login.json", "tiny.sqlite"], "nothing made beside it")
    }

    @Test func devNullIsNotAStoreAndNothingIsMadeBesideIt() throws {
        let before = FileManager.default.fileExists(atPath: "/dev/null-journal") || FileManager.default.fileExists(atPath: "/dev/null-wal")
        let runner = PlumbRunner()
        for arguments in [["docs"], ["apply", runner.write("login.json", loginSpec)]] {
            let result = runner.run(["--store", "/dev/null"] + arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("/dev/null: not a Plumb store (not a regular file)"), "\(result.stderr)")
        }
        if !before {
            #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
            #expect(!FileManager.default.fileExists(atPath: "/dev/null-wal"))
        }
    }

    @Test func aMissingFolderOrAFolderGetsWords() throws {
        let runner = PlumbRunner()
        let missing = runner.folder.appendingPathComponent("nowhere/store.sqlite").path
        var result = runner.run("--store", missing, "docs")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the folder \(runner.folder.path)/nowhere does not exist"), "\(result.stderr)")
        let folder = runner.folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        result = runner.run("--store", folder.path, "docs")
        #expect(result.status == 1)
        #expect(result.stderr.contains("is a folder without a Plumb store in it"), "\(result.stderr)")
        #expect(result.stderr.contains("plumb init \(folder.path)"), "\(result.stderr)")
        result = runner.run("--store", runner.folder.appendingPathComponent("absent.sqlite").path, "docs")
        #expect(result.stderr.contains("no Plumb store there"), "\(result.stderr)")
        #expect(!result.stderr.contains("SQLite"))
    }

    /// `apply` and `import` look for the store before they read the file: outside a store a
    /// file that is not even JSON gets the missing store's words, not a parse error (a 100 MB
    /// spec used to be parsed, some seconds and a gigabyte, before that was said).
    @Test func theStoreIsFoundBeforeTheFileIsRead() throws {
        let runner = PlumbRunner()
        let file = runner.write("broken.json", "{ not json")
        for arguments in [["apply", file], ["import", "figma", file]] {
            let result = runner.run(arguments)
            #expect(result.status == 1)
            #expect(result.stderr.contains("no Plumb store in"), "\(arguments): \(result.stderr)")
        }
    }

    /// Reads work on a store this user cannot write (as `nobody`); writes say why they cannot.
    @Test func readsWorkOnAReadOnlyStoreAndWritesSayWhy() throws {
        guard getuid() == 0, Self.shell("command -v runuser").status == 0 else {
            Issue.record("needs root and runuser to act as another user"); return
        }
        let runner = PlumbRunner()
        #expect(runner.run("init").status == 0)
        #expect(runner.run("apply", runner.write("login.json", loginSpec)).status == 0)
        #expect(runner.run("set", "login", "ok", "width=120").status == 0)
        // The folders are root's (755): nobody may read the store but not write it or beside it.
        _ = Self.shell("chmod 755 '\(runner.folder.path)' '\(runner.folder.path)/.plumb'; chmod 644 '\(runner.storePath)'")
        // Nobody runs a copy beside the store: the build folder may sit where only root can
        // enter (a clone in a `mktemp -d` folder, mode 700).
        let plumb = runner.folder.appendingPathComponent("plumb").path
        #expect(Self.shell("cp \(Self.plumb) '\(plumb)' && chmod 755 '\(plumb)'").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: runner.storePath))
        let listing = files(in: runner.folder.appendingPathComponent(".plumb"))
        let store = "--store '\(runner.storePath)'"
        let bundle = "/tmp/plumb-nobody-\(UUID().uuidString).bundle"
        defer { try? FileManager.default.removeItem(atPath: bundle) }
        for read in ["show login", "log login", "docs", "diff login@1", "conflicts login", "resolve login --size 300x200 --metrics fixed",
                     "check login --metrics fixed", "state", "bundle create -o '\(bundle)'"] {
            let result = Self.shell("runuser -u nobody -- '\(plumb)' \(store) \(read)")
            #expect(result.status == 0, "\(read): \(result.output)")
        }
        let write = Self.shell("runuser -u nobody -- '\(plumb)' \(store) set login ok width=7")
        #expect(write.status == 1)
        #expect(write.output.contains("the store is read-only for this user"), "\(write.output)")
        #expect(!write.output.contains("SQLite error"), "\(write.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.storePath)) == before)
        #expect(files(in: runner.folder.appendingPathComponent(".plumb")) == listing)
        // Root still writes.
        #expect(runner.run("set", "login", "ok", "width=8").status == 0)
        // A writer's versions in the log alone, its log and index root's (as a killed writer
        // leaves them): nobody reads them.
        let writer = try Store.open(at: runner.storePath)
        try writer.database.execute("PRAGMA wal_autocheckpoint = 0")
        _ = try writer.commit(document: "login", message: "Held", author: "tester") { _ in [Edit(view: "title", property: .text, value: #""Held""#)] }
        _ = Self.shell("chmod 644 '\(runner.storePath)-wal' '\(runner.storePath)-shm'")
        for read in ["show login", "docs", "log login"] {
            let result = Self.shell("runuser -u nobody -- '\(plumb)' \(store) \(read)")
            #expect(result.status == 0, "\(read): \(result.output)")
            if read == "show login" { #expect(result.output.contains(#""Held""#), "\(result.output)") }
        }
    }

    /// A store of an older schema that this user cannot write is refused by reads, naming the
    /// command that upgrades it, and is left as it was; once its owner upgrades it, it reads.
    @Test(.enabled(if: getuid() == 0 && Self.shell("command -v runuser").status == 0, "needs root and runuser to act as another user"))
    func aReadOnlyOlderStoreIsRefusedWithTheUpgradeCommand() throws {
        let runner = PlumbRunner()
        #expect(runner.run("init").status == 0)
        #expect(runner.run("apply", runner.write("login.json", loginSpec)).status == 0)
        // Back to schema 7, as the release before left its stores.
        try Database(path: runner.storePath, mode: .readWrite).execute("""
            CREATE TABLE head_recent (document INTEGER NOT NULL, view TEXT NOT NULL, data BLOB NOT NULL, PRIMARY KEY (document, view)) WITHOUT ROWID;
            ALTER TABLE documents ADD COLUMN recent_views INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE snapshot_texts (version INTEGER PRIMARY KEY, text BLOB NOT NULL);
            ALTER TABLE remotes DROP COLUMN read_url;
            DROP TABLE conflict_resolutions;
            ALTER TABLE sites DROP COLUMN name;
            ALTER TABLE sites DROP COLUMN named_at;
            DELETE FROM plumb_migrations WHERE version >= 8;
            """)
        _ = Self.shell("chmod 755 '\(runner.folder.path)' '\(runner.folder.path)/.plumb'; chmod 644 '\(runner.storePath)'")
        let plumb = runner.folder.appendingPathComponent("plumb").path
        #expect(Self.shell("cp \(Self.plumb) '\(plumb)' && chmod 755 '\(plumb)'").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: runner.storePath))
        let refused = Self.shell("runuser -u nobody -- '\(plumb)' --store '\(runner.storePath)' show login")
        #expect(refused.status == 1)
        #expect(refused.output.contains("plumb --store \(runner.storePath) upgrade"), "\(refused.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.storePath)) == before)
        #expect(runner.run("--store", runner.storePath, "upgrade").status == 0)
        let read = Self.shell("runuser -u nobody -- '\(plumb)' --store '\(runner.storePath)' show login")
        #expect(read.status == 0, "\(read.output)")
    }

    /// A full disk: `init` and `clone` leave nothing behind, a write says so in words and
    /// changes nothing, and once there is room the retry works.
    @Test func aFullDiskLeavesNothingThatBlocksTheRetry() throws {
        let runner = PlumbRunner()
        let mount = runner.folder.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        guard Self.shell("mount -t tmpfs -o size=400k tmpfs '\(mount.path)'").status == 0 else {
            Issue.record("cannot mount a small tmpfs here (needs root) to fill a disk"); return
        }
        defer { _ = Self.shell("umount '\(mount.path)'") }
        #expect(runner.run("init").status == 0)
        #expect(runner.run("apply", runner.write("login.json", loginSpec)).status == 0)
        let filler = mount.appendingPathComponent("filler").path
        _ = Self.shell("dd if=/dev/zero of='\(filler)' bs=1k count=400 2>/dev/null")
        let target = mount.appendingPathComponent("replica").path
        var result = runner.run("init", target)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the disk is full"), "\(result.stderr)")
        #expect(!result.stderr.contains("SQLite error"))
        #expect(files(in: mount) == ["filler"], "nothing left behind")
        result = runner.run("clone", runner.folder.path, target)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the disk is full"), "\(result.stderr)")
        #expect(files(in: mount) == ["filler"])
        try FileManager.default.removeItem(atPath: filler)
        #expect(runner.run("clone", runner.folder.path, target).status == 0)

        // A write that meets a full disk leaves the store as it was.
        let store = "\(target)/.plumb/store.sqlite"
        let versions = try Store.open(at: store).log(of: "login").count
        _ = Self.shell("dd if=/dev/zero of='\(filler)' bs=1k count=400 2>/dev/null")
        result = runner.run("--store", store, "apply", runner.write("big.json", bigLoginSpec(labels: 3_000)))
        #expect(result.status == 1)
        #expect(result.stderr.contains("the disk is full; nothing was written"), "\(result.stderr)")
        try FileManager.default.removeItem(atPath: filler)
        #expect(try Store.open(at: store).log(of: "login").count == versions)
        #expect(try Store.open(at: store).integrityCheck() == ["ok"])
    }
}

/// A login spec with `labels` extra labels under the form.
func bigLoginSpec(labels: Int) -> String {
    let extra = (0..<labels).map { #"{"id": "l\#($0)", "kind": "label", "text": "Label number \#($0) with some text"}"# }.joined(separator: ",")
    return """
        {"plumb": 1, "name": "login", "root": {"id": "root", "kind": "view", "children": [
          {"id": "form", "kind": "stack", "children": [\(extra)]}]}}
        """
}
