import PlumbCLI
import PostgresHub

// `plumb` with the PostgreSQL hub linked in: `plumb` runs it, with the same command line, for
// the commands that talk to a hub (docs/cli.md, "Programs beside plumb").
Plumb.main(hub: Hub.self)
