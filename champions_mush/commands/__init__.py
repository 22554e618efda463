"""Commands: one table (``table.py``), one module per family, one dispatcher that checks roles."""
