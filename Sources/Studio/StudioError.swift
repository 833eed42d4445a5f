import SpecStore
import SpecSync

/// What can go wrong in the studio, in words; each carries the HTTP status it answers with.
public enum StudioError: Error, CustomStringConvertible, Equatable {
    /// `--host` is not an IP address.
    case badHost(String)
    case cannotListen(host: String, port: UInt16, reason: String)
    case cannotWatch(path: String, reason: String)
    /// A request the studio cannot answer as asked (a bad size, an unknown device …): 400.
    case badRequest(String)
    /// Nothing at that path, or no such document, version or view: 404.
    case notFound(String)
    /// The store is not as the page that asked saw it (a value changed since): 409.
    case changed(String)
    /// Every workbench stayed busy: 503.
    case busy(String)

    public var description: String {
        switch self {
        case .badHost(let host): "--host: expected an IP address such as 127.0.0.1 or ::1, got \"\(host)\""
        case .cannotListen(let host, let port, let reason): "cannot listen on \(host) port \(port): \(reason)"
        case .cannotWatch(let path, let reason): "\(path): cannot watch the store for changes: \(reason)"
        case .badRequest(let message): message
        case .notFound(let message): message
        case .changed(let message): message
        case .busy(let message): message
        }
    }

    /// The response for an error a handler threw: 400 or 404 for bad requests, 409 for an edit
    /// that cannot be made as asked, 503 for a busy or replaced store, 500 for the rest (with the message, never a crash).
    static func response(for error: any Error) -> HTTPResponse {
        switch error {
        case StudioError.badRequest(let message): return .error(400, message)
        case StudioError.notFound(let message): return .error(404, message)
        case StudioError.busy(let message): return .error(503, message)
        case StudioError.changed(let message): return .error(409, message)
        case let error as StoreError:
            switch error {
            case .noDocument, .noView, .badRevision: return .error(404, error.description)
            case .busy, .replaced: return .error(503, error.description)
            case .invalidEdit, .viewExists, .documentExists, .tagExists: return .error(409, error.description)
            default: return .error(500, error.description)
            }
        case let error as EditError:
            switch error {
            case .notInDocument: return .error(404, error.description)
            case .viewExists, .invalid: return .error(409, error.description)
            }
        default: return .error(500, "\(error)")
        }
    }
}
