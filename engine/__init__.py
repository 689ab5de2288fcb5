"""kafka_forensics.engine"""
