// Scenarios module.
