// Device module.
