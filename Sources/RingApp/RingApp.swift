// RingApp module.
