"""champions-mush: a MUSH-style telnet server for Champions (HERO System) roleplaying."""

__version__ = "0.1.0"
