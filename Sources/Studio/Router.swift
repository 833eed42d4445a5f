import FoundationEssentials
import Glibc
import LayoutSpec
import Pictures
import SpecStore
import Threading

/// Answers every request: checks access, finds the handler by method and path, and turns
/// whatever a handler throws into a clear 4xx or 5xx. Nothing is served from disk: the pages,
/// pictures and the two assets are made here, so no path can reach outside the store.
final class Router: @unchecked Sendable {
    let pool: WorkbenchPool
    let hub: EventHub
    let storeName: String
    let author: String
    let token: String
    let summary: StoreSummary
    private let lock = Lock()
    private var access: AccessGuard?
    /// Counts the store's changes seen by the watcher; sent with every event.
    private var generation = 0

    init(pool: WorkbenchPool, hub: EventHub, summary: StoreSummary, storeName: String, author: String, token: String) {
        self.pool = pool
        self.summary = summary
        self.hub = hub
        self.storeName = storeName
        self.author = author
        self.token = token
    }

    /// Called once the server listens and its port is known.
    func listening(host: String, port: UInt16) {
        lock.lock()
        access = AccessGuard(token: token, host: host, port: port)
        lock.unlock()
    }

    /// Tells every open page what changed.
    func storeChanged(documents: [String]) {
        lock.lock()
        generation += 1
        let current = generation
        lock.unlock()
        let names = documents.map { JSONWriter.quote($0) }.joined(separator: ", ")
        hub.publish(event: "store", data: "{\"generation\": \(current), \"documents\": [\(names)]}")
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        lock.lock()
        let access = self.access
        lock.unlock()
        guard let access else { return .error(503, "the studio is starting; try again") }
        if let refusal = access.check(request) { return Self.secured(refusal) }
        // Checked before every request (and again by every write, under the store's lock): the
        // studio never reads a file that is gone, nor writes beside one put in its place, whose
        // write-ahead log would then be read as the new file's own.
        if summary.isReplaced {
            return Self.secured(.error(503, "\(storeName): the store file was replaced or removed while the studio ran; nothing more is read or written through this studio: stop plumb serve and start it again"))
        }
        do {
            return Self.secured(try route(request))
        } catch {
            let response = StudioError.response(for: error)
            return Self.secured(Self.isPage(request) ? errorPage(response, request: request) : response)
        }
    }

    /// A browser asking for a page (not a picture, a panel, an asset or a button's answer):
    /// its errors come in the page's shell, with links back, rather than as bare text.
    private static func isPage(_ request: HTTPRequest) -> Bool {
        guard request.method == "GET", request.headers["accept"]?.contains("text/html") == true else { return false }
        let segments = request.segments
        if segments.first == "d" { return segments.count == 2 || (segments.count == 3 && ["diff", "sheet", "conflicts"].contains(segments[2])) }
        return segments.isEmpty
    }

    /// An error as a page: the status and the sentence in the normal shell, a link to the
    /// document (when the address names one that exists) and to all documents.
    private func errorPage(_ response: HTTPResponse, request: HTTPRequest) -> HTTPResponse {
        guard case .bytes(let bytes) = response.body else { return response }
        var text = String(decoding: bytes, as: UTF8.self)
        while text.last?.isNewline == true { text.removeLast() }
        let document = request.segments.count >= 2 ? request.segments[1] : nil
        let known = document.flatMap { name in
            Identifier.isValid(name) && (try? pool.with { try $0.store.head(of: name) }) != nil ? name : nil
        }
        var main = "<nav class=\"tabs\"><h1><a href=\"/\" title=\"all documents\">Documents</a>\(document.map { " / \(escape($0))" } ?? "")</h1></nav>\n"
        main += "<section class=\"error-page\">\n<p data-error>\(escape(text))</p>\n<p>"
        if let known, request.segments.count > 2 { main += "<a href=\"\(escape(Paths.link("/d/\(known)")))\">← \(escape(known))</a> · " }
        main += "<a href=\"/\">← All documents</a></p>\n</section>"
        let shell = PageShell(title: "\(response.status) \(HTTPResponse.reason(response.status))", document: known, page: "error", storeName: storeName)
        var page = HTTPResponse.html(shell.render(main), status: response.status)
        page.headers += response.headers.filter { $0.0 != "Content-Type" }
        return page
    }

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        let segments = request.segments
        let reading = request.method == "GET" || request.method == "HEAD"
        switch segments.first {
        case nil:
            guard reading else { return .error(405, "/ is read with GET") }
            return try page("Documents", document: nil, kind: "documents") { try DocumentsPage.render($0, showDeleted: request.query["deleted"] == "1").main }
        case "static" where segments.count == 2:
            guard reading else { return .error(405, "assets are read with GET") }
            switch segments[1] {
            case "studio.js": return HTTPResponse(contentType: "text/javascript; charset=utf-8", StudioAssets.script)
            case "studio.css": return HTTPResponse(contentType: "text/css; charset=utf-8", StudioAssets.style)
            default: throw StudioError.notFound("no asset \(segments[1])")
            }
        case "events" where segments.count == 1:
            guard reading else { return .error(405, "events are read with GET") }
            return events()
        case "d" where segments.count >= 2:
            return try documentRoute(request, document: segments[1], rest: Array(segments.dropFirst(2)), reading: reading)
        default:
            throw StudioError.notFound("nothing at \(request.path): the studio serves / and /d/DOCUMENT pages only")
        }
    }

    private func documentRoute(_ request: HTTPRequest, document: String, rest: [String], reading: Bool) throws -> HTTPResponse {
        guard Identifier.isValid(document) else { throw StudioError.notFound("no document \"\(document)\"") }
        let query = request.query
        let path = rest.joined(separator: "/")
        if !reading {
            guard request.method == "POST" else { return .error(405, "\(request.method) is not accepted at \(request.path)") }
            switch path {
            case "conflicts/keep":
                let form = request.form
                let made = try pool.with { workbench in
                    let conflict = try ConflictActions.find(workbench.store, document: document, form: form)
                    return try ConflictActions.keepOtherValue(conflict, document: document, store: workbench.store, author: author,
                                                              replacing: form["replacing"])
                }
                let undo = made.map { "; undo with plumb revert \(document)@\($0.number - 1)" } ?? ""
                return .json(Self.versionJSON(made, document: document, undo: undo))
            case "conflicts/restore":
                let form = request.form
                let (view, result) = try pool.with { workbench in
                    let conflict = try ConflictActions.findStructural(workbench.store, document: document, form: form)
                    return (conflict.view, try ConflictActions.restore(conflict, document: document, store: workbench.store, author: author))
                }
                let source = result.source
                return .json(Self.versionJSON(result.commit?.version, document: document,
                                              saying: "\(document): \(view) restored as in version \(source.number) (\(source.id.short))"))
            case "conflicts/dismiss":
                let form = request.form
                try pool.with { try ConflictActions.dismiss($0.store, document: document, form: form) }
                return .json("{\"message\": \(JSONWriter.quote("\(document): dismissed; it no longer counts as open, here and in the stores this one syncs with"))}")
            case "conflicts/clear":
                let count = try pool.with { try $0.store.clearConflicts(of: document) }
                return .json("{\"cleared\": \(count)}")
            default:
                return .error(405, "POST is not accepted at \(request.path)")
            }
        }
        switch path {
        case "":
            var data: [(String, String)] = []
            return try page(document, document: document, kind: "document", data: { data }) { workbench in
                let rendered = try DocumentPage.render(workbench, document: document, query: query)
                data = rendered.data
                return rendered.main
            }
        case "picture.svg":
            let screen = try ScreenChoice(query: query)
            let svg = try pool.with { try $0.picture($0.load(document, revision: query["rev"]), on: screen) }
            var response = HTTPResponse.svg(svg)
            if let revision = query["rev"], revision.count == 64 { response.headers.append(("Cache-Control", "private, max-age=86400")) }
            return response
        case "diff":
            return try page("\(document): diff", document: document, kind: "diff") { try DiffPage.render($0, document: document, query: query) }
        case "sheet":
            return try page("\(document): devices", document: document, kind: "sheet") { try SheetPage.render($0, document: document, query: query) }
        case "conflicts":
            return try page("\(document): conflicts", document: document, kind: "conflicts") { try ConflictsPage.render($0, document: document) }
        case "conflicts/keep", "conflicts/restore", "conflicts/dismiss", "conflicts/clear":
            return .error(405, "this is done with POST (the conflicts page's buttons)")
        default:
            guard rest.count == 2, rest[0] == "views" else { throw StudioError.notFound("nothing at \(request.path)") }
            let view = rest[1]
            let screen = try ScreenChoice(query: query)
            let fragment = try pool.with { workbench in
                let version = try workbench.load(document, revision: query["rev"])
                return try ViewPanel.render(workbench, version: version, layout: workbench.layout(version, on: screen), view: view, screen: screen)
            }
            return .html(fragment)
        }
    }

    /// A whole page: `body` makes `<main>`'s content with a workbench of its own.
    private func page(_ title: String, document: String?, kind: String, data: () -> [(String, String)] = { [] },
                      _ body: (Workbench) throws -> String) throws -> HTTPResponse {
        let main = try pool.with(body)
        let shell = PageShell(title: title, document: document, page: kind, storeName: storeName, data: data())
        return .html(shell.render(main))
    }

    private func events() -> HTTPResponse {
        lock.lock()
        let current = generation
        lock.unlock()
        guard let subscription = hub.subscribe(greeting: "retry: 1000\nevent: hello\ndata: {\"generation\": \(current)}\n\n") else {
            return .error(503, "too many open pages follow the store; close some")
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"), ("X-Accel-Buffering", "no")],
                            body: .events(subscription))
    }

    /// What a button's request answers: the new version (or null) and a message for the page,
    /// `saying` what was done before the version.
    private static func versionJSON(_ version: VersionRecord?, document: String, saying done: String? = nil, undo: String = "") -> String {
        let prefix = done.map { "\($0); " } ?? "\(document): "
        guard let version else { return "{\"version\": null, \"message\": \(JSONWriter.quote("\(prefix)nothing changed; no new version"))}" }
        return "{\"version\": \(version.number), \"id\": \"\(version.id.hex)\", \"message\": \(JSONWriter.quote("\(prefix)version \(version.number) (\(version.id.short))\(undo)"))}"
    }

    /// Headers every response carries: no framing, no sniffing, no referrer (the first URL
    /// holds the token), scripts from the studio only, nothing cached unless said.
    static func secured(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        let names = Set(response.headers.map { $0.0.lowercased() })
        var added: [(String, String)] = [
            ("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
        ]
        if !names.contains("cache-control") { added.append(("Cache-Control", "no-store")) }
        response.headers += added
        return response
    }
}
