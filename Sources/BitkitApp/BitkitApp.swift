// BitkitApp module.
