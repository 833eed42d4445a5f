import Foundation

/// Runs a fuzz target's entry point over files, outside libFuzzer: each file named on the
/// command line, or every file in a folder named there. For replaying a corpus or the saved
/// crashes with an ordinary build (`swift build`), under a debugger or a sanitizer.
public enum FuzzReplay {
    public static func run(_ entry: (UnsafePointer<UInt8>, Int) -> Int32) {
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("\(argument): no such file\n".utf8))
                exit(1)
            }
            let files = isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map { argument + "/" + $0 }
                : [argument]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                let bytes = [UInt8](data) + [0]  // never an empty buffer
                _ = bytes.withUnsafeBufferPointer { entry($0.baseAddress!, data.count) }
                count += 1
            }
        }
        print("replayed \(count) inputs")
    }
}
