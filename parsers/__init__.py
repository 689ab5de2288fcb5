"""kafka_forensics.parsers"""
