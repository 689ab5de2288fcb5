"""kafka_forensics.replay"""
