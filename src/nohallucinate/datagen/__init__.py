"""The dataset builder: Wikimedia clients over a recording/replaying transport, one module per family, assembly,
and an independent verifier."""
