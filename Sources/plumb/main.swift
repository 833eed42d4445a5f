import PlumbCLI

Plumb.main()
