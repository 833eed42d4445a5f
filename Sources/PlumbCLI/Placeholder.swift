// PlumbCLI
