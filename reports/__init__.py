"""kafka_forensics.reports"""
