import PlumbCLI

Plumb.main(hub: nil)
