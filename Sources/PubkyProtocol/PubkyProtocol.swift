// PubkyProtocol module: AuthToken, capabilities, pubkyauth links, PKARR packets, SessionInfo.
