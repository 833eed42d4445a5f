import Foundation
import PlumbCLI
import Testing

@Suite struct DemoCommandTests {
    @Test func demoWritesAnSVGIntoItsFolder() throws {
        let plumb = PlumbRunner()
        let folder = plumb.folder.appendingPathComponent("demo").path
        let result = plumb.run("demo", folder)
        #expect(result.status == 0, "\(result.stderr)")
        let svg = folder + "/login-iphone-15.svg"
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<?xml"))
        #expect(picture.contains(">Sign in</text>"))
        #expect(result.stderr.contains(svg))
        #expect(result.stderr.contains("$ plumb resolve login --device iphone-se --format table"))
        #expect(result.stdout.contains("signIn"))
        // The demo's login screen is the README's, examples/login.json.
        let example = DocsTests.repository.appendingPathComponent("examples/login.json")
        #expect(try String(contentsOfFile: folder + "/login.json", encoding: .utf8) == String(contentsOf: example, encoding: .utf8))
    }
}
