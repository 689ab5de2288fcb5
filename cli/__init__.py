"""kafka_forensics.cli"""
