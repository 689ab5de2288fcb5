"""kafka-forensics: re-execute Apache Kafka incidents from their logs."""

__version__ = "0.1.0"
