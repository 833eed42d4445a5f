import Glibc

/// Standard input, output and error made safe before anything is opened, as git's
/// `sanitize_stdfds` does: a process started with one of them closed would give that descriptor
/// to the next file it opens (an output file, a font), and its messages would go into that
/// file. Each closed one gets `/dev/null` instead.
enum StandardStreams {
    /// True when standard input was closed when the process started (then `/dev/null`), so
    /// reading `-` says so rather than reading nothing.
    static let inputWasClosed: Bool = {
        var inputClosed = false
        for descriptor in STDIN_FILENO...STDERR_FILENO where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            if descriptor == STDIN_FILENO { inputClosed = true }
            // The lowest free descriptor: this one, those below it being open by now. Without
            // it the next file opened would take the closed stream's place: stop instead.
            guard open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY) == descriptor else {
                let message = Array("plumb: standard stream \(descriptor) is closed and /dev/null cannot be opened in its place\n".utf8)
                _ = write(STDERR_FILENO, message, message.count)
                exit(1)
            }
        }
        return inputClosed
    }()

    /// Checks the three once, first thing in `main`.
    static func secure() { _ = inputWasClosed }
}
