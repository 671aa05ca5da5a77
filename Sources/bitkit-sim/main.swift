import BitkitCLI

BitkitCLI.main()
