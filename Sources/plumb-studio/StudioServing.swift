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
        } catch let error as StudioError {
            switch error {
            case .badHost: throw .badHost(error.description)
            case .cannotListen: throw .cannotListen(error.description)
            default: throw .failed(error.description)
            }
        } catch {
            throw .failed(String(describing: error))
        }
    }
}
