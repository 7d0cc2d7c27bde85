"""Phase kinds: each module compiles one kind of phase from YAML and runs it on a Table.

A kind is a general mechanism (turning cards onto a pile, a trick, an
auction, a pass); games pick and configure kinds in their rule files.
"""
from . import bid, flip, passing, trick

KINDS = {"flip": flip, "trick": trick, "pass": passing, "bid": bid}
