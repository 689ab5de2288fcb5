"""Replication, re-implemented: partitions (leader and follower side), the ISR, the high
watermark, leader epochs, the controller and the ZooKeeper state it writes — sans-I/O,
driven by the replication stimuli of the trace contract (DESIGN.md)."""
