import PlumbCLI
import Studio

// `plumb` with the studio linked in: `plumb` runs it, with the same command line, for
// `plumb serve` (docs/cli.md, "Programs beside plumb").
Plumb.main(studio: Studio.self)
