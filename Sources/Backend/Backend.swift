// Backend module.
