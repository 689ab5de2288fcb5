"""The classic consumer-group protocol: the broker's coordinator and the Java consumer."""
