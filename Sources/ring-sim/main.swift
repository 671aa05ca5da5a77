import RingCLI

RingCLI.main()
