import SimctlCLI

SimctlCLI.main()
