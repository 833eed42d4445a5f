import Glibc

/// A helper program installed beside `plumb` (`plumb-raster`, `plumb-hub`), run as git runs
/// `git-remote-https`: the optional parts live in their own executables so that `plumb` itself
/// does not load their libraries (librsvg, cairo, pango, glib; libpq) at every start (issue 35).
///
/// It is found in the folder of the running executable (`/proc/self/exe`): beside `plumb` when
/// installed, `.build/debug` under `swift build` and `swift test`, where the helpers are built
/// too. It is run with `posix_spawn` (no whole Foundation in `plumb`), in one of two ways:
/// `run` (stdin and stdout are /dev/null, stderr is one pipe read back for the error message;
/// data goes through files) and `handOver` (the helper does the whole command in plumb's place).
struct HelperProgram {
    /// The helper's name, for messages.
    let name: String
    /// Its absolute path.
    let path: String

    /// The helper `name` beside the running executable, or an error in words when it is not
    /// there (a partial install).
    static func beside(_ name: String) throws(CLIError) -> HelperProgram {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else {
            throw CLIError.failure("\(name) cannot be found: the running program's folder is unknown (/proc/self/exe: \(FileSystem.describe(errno)))")
        }
        let executable = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folder = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
        let path = folder + "/" + name
        guard access(path, X_OK) == 0 else {
            throw CLIError.failure("\(name) is not installed beside plumb (looked for \(path): \(FileSystem.describe(errno))); install it in the same folder as plumb")
        }
        return HelperProgram(name: name, path: path)
    }

    /// Runs the helper with `arguments` and waits for it; a failure (a non-zero exit, a signal)
    /// becomes an error carrying what the helper said on stderr.
    func run(_ arguments: [String]) throws(CLIError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw CLIError.failure("cannot run \(name): no pipe (\(FileSystem.describe(errno)))")
        }
        // Close-on-exec: the helper gets the write end only as its stderr (pipe2 is not in Glibc's module).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDERR_FILENO)
        let words = [name] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, nil, argv, environ)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else {
            throw CLIError.failure("cannot run \(path): \(FileSystem.describe(spawned))")
        }
        var said: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if got > 0 {
                if said.count < 65536 { said.append(contentsOf: chunk[0..<got]) }
            } else if got < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        let message = String(decoding: said, as: UTF8.self).trimmingTrailingNewlines
        let code = try exitStatus(of: child, message: message)
        if code != 0 {
            throw CLIError.failure(message.isEmpty ? "\(name) failed (exit status \(code))" : message)
        }
    }

    /// Runs the helper in this program's place on `commandLine` (this program's arguments, as
    /// given) and returns its exit status, which becomes this program's: it reads this program's
    /// stdin and writes its stdout and stderr (progress, messages, data), with the command's
    /// `environment`, in this process's working directory (the command's, in `plumb`: Swift's
    /// Glibc has no `posix_spawn_file_actions_addchdir_np` to give it another).
    ///
    /// A signal that asks the command to stop (SIGINT, SIGTERM, SIGHUP) is passed on to the
    /// helper, and this program waits for the helper to end: `kill PID` of a `plumb serve` stops
    /// the studio in `plumb-studio`, which would otherwise go on serving with nobody to stop it.
    func handOver(_ commandLine: [String], environment: [String: String]) throws(CLIError) -> Int32 {
        let argv: [UnsafeMutablePointer<CChar>?] = ([name] + commandLine).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // Blocked here, so that they wait for `sigtimedwait`; the helper starts with this
        // thread's mask as it was, so it takes them as any program does.
        var passed = sigset_t()
        sigemptyset(&passed)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&passed, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &passed, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setsigmask(&attributes, &previous)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, nil, &attributes, argv, envp)
        guard spawned == 0 else {
            throw CLIError.failure("cannot run \(path): \(FileSystem.describe(spawned))")
        }
        // SIGCHLD wakes the wait when the helper ends; in a process with other threads (the
        // tests) it may go to another thread, so the wait also looks every tenth of a second.
        var status: Int32 = 0
        while true {
            let ended = waitpid(child, &status, WNOHANG)
            if ended == child { break }
            if ended < 0 && errno != EINTR { throw CLIError.failure("cannot wait for \(name): \(FileSystem.describe(errno))") }
            var timeout = timespec(tv_sec: 0, tv_nsec: 100_000_000)
            let received = sigtimedwait(&passed, nil, &timeout)
            if received > 0 && received != SIGCHLD { kill(child, received) }
        }
        return try exitStatus(status)
    }

    /// The exit status of `child` once it ends; a signal is an error, with what it said.
    private func exitStatus(of child: pid_t, message: String) throws(CLIError) -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw CLIError.failure("cannot wait for \(name): \(FileSystem.describe(errno))") }
        }
        return try exitStatus(status, message: message)
    }

    /// The exit status in a `waitpid` status; a signal is an error, with what the helper said.
    private func exitStatus(_ status: Int32, message: String = "") throws(CLIError) -> Int32 {
        let signal = status & 0x7f
        if signal != 0 {
            throw CLIError.failure("\(name) was stopped by signal \(signal)" + (message.isEmpty ? "" : ": \(message)"))
        }
        return (status >> 8) & 0xff
    }
}

extension String {
    /// Without the line ends a program's stderr finishes with.
    fileprivate var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while let last = text.last, last.isNewline { text = text.dropLast() }
        return String(text)
    }
}

/// A private folder for a helper's input and output files (mode 0700 under `$TMPDIR` or /tmp),
/// removed with everything in it when `body` is done.
func withPrivateFolder<T>(_ body: (String) throws -> T) throws -> T {
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/plumb-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        throw CLIError.failure("cannot make a temporary folder in \(base): \(FileSystem.describe(errno))")
    }
    let folder = String(cString: made)
    defer {
        if let listing = opendir(folder) {
            while let entry = readdir(listing) {
                let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
                if entryName != "." && entryName != ".." { unlink(folder + "/" + entryName) }
            }
            closedir(listing)
        }
        rmdir(folder)
    }
    return try body(folder)
}
