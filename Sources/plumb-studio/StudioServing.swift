import PlumbCLI
import Studio

extension Studio: StudioServing {
    public static func serve(_ settings: StudioSettings) throws(StudioServingError) -> Studio {
        var configuration = Configuration(storePath: settings.storePath, author: settings.author,
                                          openStore: settings.openStore, makeMeasurer: settings.makeMeasurer)
        configuration.host = settings.host
        configuration.port = settings.port
        do {
            return try Studio(configuration)
        } catch StudioError.badHost(let host) {
            throw .badHost(StudioError.badHost(host).description)
        } catch let error as StudioError {
            if case .cannotListen = error { throw .cannotListen(error.description) }
            throw .failed(error.description)
        } catch {
            throw .failed(String(describing: error))
        }
    }
}
